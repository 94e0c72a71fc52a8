-- CreateTable
CREATE TABLE "MailTask" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "headers" TEXT NOT NULL DEFAULT '{}',
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL DEFAULT '',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" DATETIME,
    "claimedBy" TEXT,
    "done" BOOLEAN NOT NULL DEFAULT false,
    "sent" BOOLEAN NOT NULL DEFAULT false,
    "lastError" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME,
    CONSTRAINT "MailTask_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "login" TEXT NOT NULL,
    "lowerLogin" TEXT NOT NULL,
    "fullName" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL,
    "lowerEmail" TEXT NOT NULL,
    "passwordHash" TEXT,
    "mustChangePassword" BOOLEAN NOT NULL DEFAULT false,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "prohibitLogin" BOOLEAN NOT NULL DEFAULT false,
    "restricted" BOOLEAN NOT NULL DEFAULT false,
    "visibility" TEXT NOT NULL DEFAULT 'public',
    "type" TEXT NOT NULL DEFAULT 'user',
    "description" TEXT NOT NULL DEFAULT '',
    "website" TEXT NOT NULL DEFAULT '',
    "location" TEXT NOT NULL DEFAULT '',
    "language" TEXT NOT NULL DEFAULT '',
    "loginName" TEXT NOT NULL DEFAULT '',
    "loginSource" INTEGER NOT NULL DEFAULT 0,
    "maxRepoCreation" INTEGER NOT NULL DEFAULT -1,
    "allowGitHook" BOOLEAN NOT NULL DEFAULT false,
    "allowImportLocal" BOOLEAN NOT NULL DEFAULT false,
    "allowCreateOrganization" BOOLEAN NOT NULL DEFAULT true,
    "repoAdminChangeTeamAccess" BOOLEAN NOT NULL DEFAULT false,
    "followerCount" INTEGER NOT NULL DEFAULT 0,
    "followingCount" INTEGER NOT NULL DEFAULT 0,
    "starredCount" INTEGER NOT NULL DEFAULT 0,
    "totpSecret" TEXT,
    "emailNotificationsPreference" TEXT NOT NULL DEFAULT 'enabled',
    "lastLoginAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("allowCreateOrganization", "allowGitHook", "allowImportLocal", "createdAt", "description", "email", "followerCount", "followingCount", "fullName", "id", "isActive", "isAdmin", "language", "lastLoginAt", "location", "login", "loginName", "loginSource", "lowerEmail", "lowerLogin", "maxRepoCreation", "mustChangePassword", "passwordHash", "prohibitLogin", "repoAdminChangeTeamAccess", "restricted", "starredCount", "totpSecret", "type", "updatedAt", "visibility", "website") SELECT "allowCreateOrganization", "allowGitHook", "allowImportLocal", "createdAt", "description", "email", "followerCount", "followingCount", "fullName", "id", "isActive", "isAdmin", "language", "lastLoginAt", "location", "login", "loginName", "loginSource", "lowerEmail", "lowerLogin", "maxRepoCreation", "mustChangePassword", "passwordHash", "prohibitLogin", "repoAdminChangeTeamAccess", "restricted", "starredCount", "totpSecret", "type", "updatedAt", "visibility", "website" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_lowerLogin_key" ON "User"("lowerLogin");
CREATE INDEX "User_lowerEmail_idx" ON "User"("lowerEmail");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "MailTask_done_nextAttemptAt_idx" ON "MailTask"("done", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "MailTask_messageId_userId_key" ON "MailTask"("messageId", "userId");
