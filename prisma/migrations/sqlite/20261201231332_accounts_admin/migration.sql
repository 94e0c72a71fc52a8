-- CreateTable
CREATE TABLE "EmailAddress" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "lowerEmail" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EmailAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CronTask" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT,
    "leaseUntil" DATETIME,
    "execTimes" INTEGER NOT NULL DEFAULT 0,
    "lastStartedAt" DATETIME,
    "lastFinishedAt" DATETIME,
    "lastStatus" TEXT,
    "lastMessage" TEXT
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
    "keepEmailPrivate" BOOLEAN NOT NULL DEFAULT false,
    "keepActivityPrivate" BOOLEAN NOT NULL DEFAULT false,
    "theme" TEXT NOT NULL DEFAULT '',
    "diffViewStyle" TEXT NOT NULL DEFAULT '',
    "lastLoginAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("allowCreateOrganization", "allowGitHook", "allowImportLocal", "createdAt", "description", "email", "emailNotificationsPreference", "followerCount", "followingCount", "fullName", "id", "isActive", "isAdmin", "language", "lastLoginAt", "location", "login", "loginName", "loginSource", "lowerEmail", "lowerLogin", "maxRepoCreation", "mustChangePassword", "passwordHash", "prohibitLogin", "repoAdminChangeTeamAccess", "restricted", "starredCount", "totpSecret", "type", "updatedAt", "visibility", "website") SELECT "allowCreateOrganization", "allowGitHook", "allowImportLocal", "createdAt", "description", "email", "emailNotificationsPreference", "followerCount", "followingCount", "fullName", "id", "isActive", "isAdmin", "language", "lastLoginAt", "location", "login", "loginName", "loginSource", "lowerEmail", "lowerLogin", "maxRepoCreation", "mustChangePassword", "passwordHash", "prohibitLogin", "repoAdminChangeTeamAccess", "restricted", "starredCount", "totpSecret", "type", "updatedAt", "visibility", "website" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_lowerLogin_key" ON "User"("lowerLogin");
CREATE INDEX "User_lowerEmail_idx" ON "User"("lowerEmail");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "EmailAddress_lowerEmail_key" ON "EmailAddress"("lowerEmail");

-- CreateIndex
CREATE INDEX "EmailAddress_userId_idx" ON "EmailAddress"("userId");
