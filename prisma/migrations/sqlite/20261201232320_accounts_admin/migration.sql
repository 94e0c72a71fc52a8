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
CREATE TABLE "OAuth2Application" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretHash" TEXT NOT NULL,
    "redirectUris" TEXT NOT NULL,
    "confidentialClient" BOOLEAN NOT NULL DEFAULT true,
    "skipSecondaryAuthorization" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OAuth2Application_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OAuth2Grant" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "applicationId" INTEGER NOT NULL,
    "scope" TEXT NOT NULL DEFAULT '',
    "nonce" TEXT NOT NULL DEFAULT '',
    "counter" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OAuth2Grant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OAuth2Grant_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "OAuth2Application" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OAuth2AuthorizationCode" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "grantId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "codeChallenge" TEXT NOT NULL DEFAULT '',
    "codeChallengeMethod" TEXT NOT NULL DEFAULT '',
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OAuth2AuthorizationCode_grantId_fkey" FOREIGN KEY ("grantId") REFERENCES "OAuth2Grant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OAuth2SigningKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "privateJwk" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Blocking" (
    "blockerId" INTEGER NOT NULL,
    "blockeeId" INTEGER NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("blockerId", "blockeeId"),
    CONSTRAINT "Blocking_blockerId_fkey" FOREIGN KEY ("blockerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Blocking_blockeeId_fkey" FOREIGN KEY ("blockeeId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "UserRedirect" (
    "lowerLogin" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    CONSTRAINT "UserRedirect_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Badge" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "imageUrl" TEXT NOT NULL DEFAULT ''
);

-- CreateTable
CREATE TABLE "UserBadge" (
    "badgeId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    PRIMARY KEY ("userId", "badgeId"),
    CONSTRAINT "UserBadge_badgeId_fkey" FOREIGN KEY ("badgeId") REFERENCES "Badge" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserBadge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "avatar" TEXT,
    "lastLoginAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("allowCreateOrganization", "allowGitHook", "allowImportLocal", "createdAt", "description", "email", "emailNotificationsPreference", "followerCount", "followingCount", "fullName", "id", "isActive", "isAdmin", "language", "lastLoginAt", "location", "login", "loginName", "loginSource", "lowerEmail", "lowerLogin", "maxRepoCreation", "mustChangePassword", "passwordHash", "prohibitLogin", "repoAdminChangeTeamAccess", "restricted", "starredCount", "totpSecret", "type", "updatedAt", "visibility", "website") SELECT "allowCreateOrganization", "allowGitHook", "allowImportLocal", "createdAt", "description", "email", "emailNotificationsPreference", "followerCount", "followingCount", "fullName", "id", "isActive", "isAdmin", "language", "lastLoginAt", "location", "login", "loginName", "loginSource", "lowerEmail", "lowerLogin", "maxRepoCreation", "mustChangePassword", "passwordHash", "prohibitLogin", "repoAdminChangeTeamAccess", "restricted", "starredCount", "totpSecret", "type", "updatedAt", "visibility", "website" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_lowerLogin_key" ON "User"("lowerLogin");
CREATE INDEX "User_lowerEmail_idx" ON "User"("lowerEmail");
CREATE TABLE "new_AccessToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tokenLastEight" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "expiresAt" DATETIME,
    "lastUsedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "oauth2GrantId" INTEGER,
    CONSTRAINT "AccessToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AccessToken_oauth2GrantId_fkey" FOREIGN KEY ("oauth2GrantId") REFERENCES "OAuth2Grant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AccessToken" ("createdAt", "expiresAt", "id", "lastUsedAt", "name", "scopes", "tokenHash", "tokenLastEight", "userId") SELECT "createdAt", "expiresAt", "id", "lastUsedAt", "name", "scopes", "tokenHash", "tokenLastEight", "userId" FROM "AccessToken";
DROP TABLE "AccessToken";
ALTER TABLE "new_AccessToken" RENAME TO "AccessToken";
CREATE UNIQUE INDEX "AccessToken_tokenHash_key" ON "AccessToken"("tokenHash");
CREATE INDEX "AccessToken_oauth2GrantId_idx" ON "AccessToken"("oauth2GrantId");
CREATE UNIQUE INDEX "AccessToken_userId_name_key" ON "AccessToken"("userId", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "EmailAddress_lowerEmail_key" ON "EmailAddress"("lowerEmail");

-- CreateIndex
CREATE INDEX "EmailAddress_userId_idx" ON "EmailAddress"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2Application_clientId_key" ON "OAuth2Application"("clientId");

-- CreateIndex
CREATE INDEX "OAuth2Application_userId_idx" ON "OAuth2Application"("userId");

-- CreateIndex
CREATE INDEX "OAuth2Grant_applicationId_idx" ON "OAuth2Grant"("applicationId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2Grant_userId_applicationId_key" ON "OAuth2Grant"("userId", "applicationId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2AuthorizationCode_codeHash_key" ON "OAuth2AuthorizationCode"("codeHash");

-- CreateIndex
CREATE INDEX "OAuth2AuthorizationCode_grantId_idx" ON "OAuth2AuthorizationCode"("grantId");

-- CreateIndex
CREATE INDEX "Blocking_blockeeId_idx" ON "Blocking"("blockeeId");

-- CreateIndex
CREATE INDEX "UserRedirect_userId_idx" ON "UserRedirect"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Badge_slug_key" ON "Badge"("slug");

-- CreateIndex
CREATE INDEX "UserBadge_badgeId_idx" ON "UserBadge"("badgeId");
