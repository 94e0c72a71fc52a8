-- CreateTable
CREATE TABLE "OrgMember" (
    "orgId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "isPublic" BOOLEAN NOT NULL DEFAULT false,

    PRIMARY KEY ("orgId", "userId"),
    CONSTRAINT "OrgMember_orgId_fkey" FOREIGN KEY ("orgId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrgMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Team" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orgId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "lowerName" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "permission" TEXT NOT NULL DEFAULT 'read',
    "units" TEXT NOT NULL DEFAULT '{}',
    "includesAllRepositories" BOOLEAN NOT NULL DEFAULT false,
    "canCreateOrgRepo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Team_orgId_fkey" FOREIGN KEY ("orgId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TeamMember" (
    "teamId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    PRIMARY KEY ("teamId", "userId"),
    CONSTRAINT "TeamMember_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TeamMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TeamRepository" (
    "teamId" INTEGER NOT NULL,
    "repoId" INTEGER NOT NULL,

    PRIMARY KEY ("teamId", "repoId"),
    CONSTRAINT "TeamRepository_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TeamRepository_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Collaboration" (
    "repoId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "permission" TEXT NOT NULL DEFAULT 'write',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("repoId", "userId"),
    CONSTRAINT "Collaboration_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Collaboration_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Star" (
    "userId" INTEGER NOT NULL,
    "repoId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "repoId"),
    CONSTRAINT "Star_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Star_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Watch" (
    "userId" INTEGER NOT NULL,
    "repoId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "repoId"),
    CONSTRAINT "Watch_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Watch_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Follow" (
    "followerId" INTEGER NOT NULL,
    "followingId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("followerId", "followingId"),
    CONSTRAINT "Follow_followerId_fkey" FOREIGN KEY ("followerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Follow_followingId_fkey" FOREIGN KEY ("followingId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RepositoryRedirect" (
    "ownerId" INTEGER NOT NULL,
    "lowerName" TEXT NOT NULL,
    "repoId" INTEGER NOT NULL,

    PRIMARY KEY ("ownerId", "lowerName"),
    CONSTRAINT "RepositoryRedirect_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RepositoryRedirect_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RepositoryTransfer" (
    "repoId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "doerId" INTEGER NOT NULL,
    "recipientId" INTEGER NOT NULL,
    "teamIds" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "RepositoryTransfer_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RepositoryTransfer_doerId_fkey" FOREIGN KEY ("doerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RepositoryTransfer_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "lastLoginAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_User" ("allowCreateOrganization", "allowGitHook", "allowImportLocal", "createdAt", "description", "email", "fullName", "id", "isActive", "isAdmin", "language", "lastLoginAt", "location", "login", "loginName", "loginSource", "lowerEmail", "lowerLogin", "maxRepoCreation", "mustChangePassword", "passwordHash", "prohibitLogin", "restricted", "totpSecret", "type", "updatedAt", "visibility", "website") SELECT "allowCreateOrganization", "allowGitHook", "allowImportLocal", "createdAt", "description", "email", "fullName", "id", "isActive", "isAdmin", "language", "lastLoginAt", "location", "login", "loginName", "loginSource", "lowerEmail", "lowerLogin", "maxRepoCreation", "mustChangePassword", "passwordHash", "prohibitLogin", "restricted", "totpSecret", "type", "updatedAt", "visibility", "website" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_lowerLogin_key" ON "User"("lowerLogin");
CREATE INDEX "User_lowerEmail_idx" ON "User"("lowerEmail");
CREATE TABLE "new_Repository" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ownerId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "lowerName" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "website" TEXT NOT NULL DEFAULT '',
    "isPrivate" BOOLEAN NOT NULL DEFAULT false,
    "isEmpty" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "archivedAt" DATETIME,
    "isTemplate" BOOLEAN NOT NULL DEFAULT false,
    "defaultBranch" TEXT NOT NULL DEFAULT 'main',
    "objectFormat" TEXT NOT NULL DEFAULT 'sha1',
    "topics" TEXT NOT NULL DEFAULT '',
    "sizeBytes" INTEGER NOT NULL DEFAULT 0,
    "branchCount" INTEGER NOT NULL DEFAULT 0,
    "hasCode" BOOLEAN NOT NULL DEFAULT true,
    "hasIssues" BOOLEAN NOT NULL DEFAULT true,
    "hasWiki" BOOLEAN NOT NULL DEFAULT true,
    "hasPullRequests" BOOLEAN NOT NULL DEFAULT true,
    "hasProjects" BOOLEAN NOT NULL DEFAULT true,
    "hasReleases" BOOLEAN NOT NULL DEFAULT true,
    "hasPackages" BOOLEAN NOT NULL DEFAULT true,
    "hasActions" BOOLEAN NOT NULL DEFAULT true,
    "ignoreWhitespaceConflicts" BOOLEAN NOT NULL DEFAULT false,
    "allowMergeCommits" BOOLEAN NOT NULL DEFAULT true,
    "allowRebase" BOOLEAN NOT NULL DEFAULT true,
    "allowRebaseExplicit" BOOLEAN NOT NULL DEFAULT true,
    "allowSquashMerge" BOOLEAN NOT NULL DEFAULT true,
    "allowFastForwardOnlyMerge" BOOLEAN NOT NULL DEFAULT true,
    "allowRebaseUpdate" BOOLEAN NOT NULL DEFAULT true,
    "allowManualMerge" BOOLEAN NOT NULL DEFAULT false,
    "autodetectManualMerge" BOOLEAN NOT NULL DEFAULT false,
    "defaultDeleteBranchAfterMerge" BOOLEAN NOT NULL DEFAULT false,
    "defaultMergeStyle" TEXT NOT NULL DEFAULT 'merge',
    "defaultAllowMaintainerEdit" BOOLEAN NOT NULL DEFAULT false,
    "projectsMode" TEXT NOT NULL DEFAULT 'all',
    "enableTimeTracker" BOOLEAN NOT NULL DEFAULT true,
    "allowOnlyContributorsToTrackTime" BOOLEAN NOT NULL DEFAULT true,
    "enableIssueDependencies" BOOLEAN NOT NULL DEFAULT true,
    "externalTrackerUrl" TEXT NOT NULL DEFAULT '',
    "externalTrackerFormat" TEXT NOT NULL DEFAULT '',
    "externalTrackerStyle" TEXT NOT NULL DEFAULT '',
    "externalTrackerRegexp" TEXT NOT NULL DEFAULT '',
    "externalWikiUrl" TEXT NOT NULL DEFAULT '',
    "forkId" INTEGER,
    "isFork" BOOLEAN NOT NULL DEFAULT false,
    "forkCount" INTEGER NOT NULL DEFAULT 0,
    "starCount" INTEGER NOT NULL DEFAULT 0,
    "watchCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Repository_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Repository_forkId_fkey" FOREIGN KEY ("forkId") REFERENCES "Repository" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Repository" ("allowFastForwardOnlyMerge", "allowManualMerge", "allowMergeCommits", "allowOnlyContributorsToTrackTime", "allowRebase", "allowRebaseExplicit", "allowRebaseUpdate", "allowSquashMerge", "archivedAt", "autodetectManualMerge", "branchCount", "createdAt", "defaultAllowMaintainerEdit", "defaultBranch", "defaultDeleteBranchAfterMerge", "defaultMergeStyle", "description", "enableIssueDependencies", "enableTimeTracker", "externalTrackerFormat", "externalTrackerRegexp", "externalTrackerStyle", "externalTrackerUrl", "externalWikiUrl", "hasActions", "hasCode", "hasIssues", "hasPackages", "hasProjects", "hasPullRequests", "hasReleases", "hasWiki", "id", "ignoreWhitespaceConflicts", "isArchived", "isEmpty", "isPrivate", "isTemplate", "lowerName", "name", "objectFormat", "ownerId", "projectsMode", "sizeBytes", "topics", "updatedAt", "website") SELECT "allowFastForwardOnlyMerge", "allowManualMerge", "allowMergeCommits", "allowOnlyContributorsToTrackTime", "allowRebase", "allowRebaseExplicit", "allowRebaseUpdate", "allowSquashMerge", "archivedAt", "autodetectManualMerge", "branchCount", "createdAt", "defaultAllowMaintainerEdit", "defaultBranch", "defaultDeleteBranchAfterMerge", "defaultMergeStyle", "description", "enableIssueDependencies", "enableTimeTracker", "externalTrackerFormat", "externalTrackerRegexp", "externalTrackerStyle", "externalTrackerUrl", "externalWikiUrl", "hasActions", "hasCode", "hasIssues", "hasPackages", "hasProjects", "hasPullRequests", "hasReleases", "hasWiki", "id", "ignoreWhitespaceConflicts", "isArchived", "isEmpty", "isPrivate", "isTemplate", "lowerName", "name", "objectFormat", "ownerId", "projectsMode", "sizeBytes", "topics", "updatedAt", "website" FROM "Repository";
DROP TABLE "Repository";
ALTER TABLE "new_Repository" RENAME TO "Repository";
CREATE INDEX "Repository_lowerName_idx" ON "Repository"("lowerName");
CREATE UNIQUE INDEX "Repository_ownerId_lowerName_key" ON "Repository"("ownerId", "lowerName");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "OrgMember_userId_idx" ON "OrgMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Team_orgId_lowerName_key" ON "Team"("orgId", "lowerName");

-- CreateIndex
CREATE INDEX "TeamMember_userId_idx" ON "TeamMember"("userId");

-- CreateIndex
CREATE INDEX "TeamRepository_repoId_idx" ON "TeamRepository"("repoId");

-- CreateIndex
CREATE INDEX "Collaboration_userId_idx" ON "Collaboration"("userId");

-- CreateIndex
CREATE INDEX "Star_repoId_idx" ON "Star"("repoId");

-- CreateIndex
CREATE INDEX "Watch_repoId_idx" ON "Watch"("repoId");

-- CreateIndex
CREATE INDEX "Follow_followingId_idx" ON "Follow"("followingId");

-- CreateIndex
CREATE INDEX "RepositoryRedirect_repoId_idx" ON "RepositoryRedirect"("repoId");
