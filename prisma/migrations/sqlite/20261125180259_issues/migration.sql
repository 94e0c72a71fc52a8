-- CreateTable
CREATE TABLE "Label" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repoId" INTEGER,
    "orgId" INTEGER,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "color" TEXT NOT NULL,
    "exclusive" BOOLEAN NOT NULL DEFAULT false,
    "archivedAt" DATETIME,
    "issueCount" INTEGER NOT NULL DEFAULT 0,
    "closedIssueCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Label_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_orgId_fkey" FOREIGN KEY ("orgId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Milestone" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repoId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "isClosed" BOOLEAN NOT NULL DEFAULT false,
    "deadline" DATETIME,
    "closedAt" DATETIME,
    "issueCount" INTEGER NOT NULL DEFAULT 0,
    "closedIssueCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Milestone_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Issue" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repoId" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "posterId" INTEGER,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL DEFAULT '',
    "ref" TEXT NOT NULL DEFAULT '',
    "isPull" BOOLEAN NOT NULL DEFAULT false,
    "isClosed" BOOLEAN NOT NULL DEFAULT false,
    "isLocked" BOOLEAN NOT NULL DEFAULT false,
    "pinOrder" INTEGER NOT NULL DEFAULT 0,
    "milestoneId" INTEGER,
    "deadline" DATETIME,
    "commentCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" DATETIME,
    CONSTRAINT "Issue_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Issue_posterId_fkey" FOREIGN KEY ("posterId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Issue_milestoneId_fkey" FOREIGN KEY ("milestoneId") REFERENCES "Milestone" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IssueLabel" (
    "issueId" INTEGER NOT NULL,
    "labelId" INTEGER NOT NULL,

    PRIMARY KEY ("issueId", "labelId"),
    CONSTRAINT "IssueLabel_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "IssueLabel_labelId_fkey" FOREIGN KEY ("labelId") REFERENCES "Label" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IssueAssignee" (
    "issueId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    PRIMARY KEY ("issueId", "userId"),
    CONSTRAINT "IssueAssignee_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "IssueAssignee_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IssueDependency" (
    "issueId" INTEGER NOT NULL,
    "blockerId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("issueId", "blockerId"),
    CONSTRAINT "IssueDependency_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "IssueDependency_blockerId_fkey" FOREIGN KEY ("blockerId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Comment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "issueId" INTEGER NOT NULL,
    "repoId" INTEGER NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'comment',
    "posterId" INTEGER,
    "body" TEXT NOT NULL DEFAULT '',
    "labelId" INTEGER,
    "milestoneId" INTEGER,
    "oldMilestoneId" INTEGER,
    "assigneeId" INTEGER,
    "removedAssignee" BOOLEAN NOT NULL DEFAULT false,
    "oldTitle" TEXT,
    "newTitle" TEXT,
    "oldRef" TEXT,
    "newRef" TEXT,
    "refRepoId" INTEGER,
    "refIssueId" INTEGER,
    "refCommentId" INTEGER,
    "commitSha" TEXT,
    "dependentIssueId" INTEGER,
    "trackedTimeId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Comment_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Comment_posterId_fkey" FOREIGN KEY ("posterId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Reaction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "issueId" INTEGER NOT NULL,
    "commentId" INTEGER NOT NULL DEFAULT 0,
    "userId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Reaction_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Reaction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "IssueSubscription" (
    "issueId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "isWatching" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("issueId", "userId"),
    CONSTRAINT "IssueSubscription_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "IssueSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TrackedTime" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "issueId" INTEGER NOT NULL,
    "userId" INTEGER,
    "seconds" INTEGER NOT NULL,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TrackedTime_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TrackedTime_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Stopwatch" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "issueId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Stopwatch_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Stopwatch_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Attachment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "uuid" TEXT NOT NULL,
    "repoId" INTEGER NOT NULL,
    "issueId" INTEGER,
    "commentId" INTEGER,
    "uploaderId" INTEGER,
    "name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "downloadCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Attachment_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Attachment_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Attachment_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "Comment" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Attachment_uploaderId_fkey" FOREIGN KEY ("uploaderId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "refsSyncedAt" DATETIME,
    "issueCounter" INTEGER NOT NULL DEFAULT 0,
    "issueCount" INTEGER NOT NULL DEFAULT 0,
    "closedIssueCount" INTEGER NOT NULL DEFAULT 0,
    "pullCount" INTEGER NOT NULL DEFAULT 0,
    "closedPullCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Repository_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Repository_forkId_fkey" FOREIGN KEY ("forkId") REFERENCES "Repository" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Repository" ("allowFastForwardOnlyMerge", "allowManualMerge", "allowMergeCommits", "allowOnlyContributorsToTrackTime", "allowRebase", "allowRebaseExplicit", "allowRebaseUpdate", "allowSquashMerge", "archivedAt", "autodetectManualMerge", "branchCount", "createdAt", "defaultAllowMaintainerEdit", "defaultBranch", "defaultDeleteBranchAfterMerge", "defaultMergeStyle", "description", "enableIssueDependencies", "enableTimeTracker", "externalTrackerFormat", "externalTrackerRegexp", "externalTrackerStyle", "externalTrackerUrl", "externalWikiUrl", "forkCount", "forkId", "hasActions", "hasCode", "hasIssues", "hasPackages", "hasProjects", "hasPullRequests", "hasReleases", "hasWiki", "id", "ignoreWhitespaceConflicts", "isArchived", "isEmpty", "isFork", "isPrivate", "isTemplate", "lowerName", "name", "objectFormat", "ownerId", "projectsMode", "refsSyncedAt", "sizeBytes", "starCount", "topics", "updatedAt", "watchCount", "website") SELECT "allowFastForwardOnlyMerge", "allowManualMerge", "allowMergeCommits", "allowOnlyContributorsToTrackTime", "allowRebase", "allowRebaseExplicit", "allowRebaseUpdate", "allowSquashMerge", "archivedAt", "autodetectManualMerge", "branchCount", "createdAt", "defaultAllowMaintainerEdit", "defaultBranch", "defaultDeleteBranchAfterMerge", "defaultMergeStyle", "description", "enableIssueDependencies", "enableTimeTracker", "externalTrackerFormat", "externalTrackerRegexp", "externalTrackerStyle", "externalTrackerUrl", "externalWikiUrl", "forkCount", "forkId", "hasActions", "hasCode", "hasIssues", "hasPackages", "hasProjects", "hasPullRequests", "hasReleases", "hasWiki", "id", "ignoreWhitespaceConflicts", "isArchived", "isEmpty", "isFork", "isPrivate", "isTemplate", "lowerName", "name", "objectFormat", "ownerId", "projectsMode", "refsSyncedAt", "sizeBytes", "starCount", "topics", "updatedAt", "watchCount", "website" FROM "Repository";
DROP TABLE "Repository";
ALTER TABLE "new_Repository" RENAME TO "Repository";
CREATE INDEX "Repository_lowerName_idx" ON "Repository"("lowerName");
CREATE UNIQUE INDEX "Repository_ownerId_lowerName_key" ON "Repository"("ownerId", "lowerName");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Label_repoId_name_idx" ON "Label"("repoId", "name");

-- CreateIndex
CREATE INDEX "Label_orgId_name_idx" ON "Label"("orgId", "name");

-- CreateIndex
CREATE INDEX "Milestone_repoId_isClosed_idx" ON "Milestone"("repoId", "isClosed");

-- CreateIndex
CREATE INDEX "Issue_repoId_isPull_isClosed_number_idx" ON "Issue"("repoId", "isPull", "isClosed", "number");

-- CreateIndex
CREATE INDEX "Issue_repoId_isPull_updatedAt_idx" ON "Issue"("repoId", "isPull", "updatedAt");

-- CreateIndex
CREATE INDEX "Issue_posterId_idx" ON "Issue"("posterId");

-- CreateIndex
CREATE INDEX "Issue_milestoneId_idx" ON "Issue"("milestoneId");

-- CreateIndex
CREATE UNIQUE INDEX "Issue_repoId_number_key" ON "Issue"("repoId", "number");

-- CreateIndex
CREATE INDEX "IssueLabel_labelId_issueId_idx" ON "IssueLabel"("labelId", "issueId");

-- CreateIndex
CREATE INDEX "IssueAssignee_userId_idx" ON "IssueAssignee"("userId");

-- CreateIndex
CREATE INDEX "IssueDependency_blockerId_idx" ON "IssueDependency"("blockerId");

-- CreateIndex
CREATE INDEX "Comment_issueId_createdAt_idx" ON "Comment"("issueId", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_repoId_type_createdAt_idx" ON "Comment"("repoId", "type", "createdAt");

-- CreateIndex
CREATE INDEX "Comment_posterId_idx" ON "Comment"("posterId");

-- CreateIndex
CREATE INDEX "Reaction_userId_idx" ON "Reaction"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Reaction_issueId_commentId_userId_type_key" ON "Reaction"("issueId", "commentId", "userId", "type");

-- CreateIndex
CREATE INDEX "IssueSubscription_userId_idx" ON "IssueSubscription"("userId");

-- CreateIndex
CREATE INDEX "TrackedTime_issueId_deleted_idx" ON "TrackedTime"("issueId", "deleted");

-- CreateIndex
CREATE INDEX "TrackedTime_userId_deleted_idx" ON "TrackedTime"("userId", "deleted");

-- CreateIndex
CREATE INDEX "Stopwatch_userId_idx" ON "Stopwatch"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Stopwatch_issueId_userId_key" ON "Stopwatch"("issueId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Attachment_uuid_key" ON "Attachment"("uuid");

-- CreateIndex
CREATE INDEX "Attachment_issueId_idx" ON "Attachment"("issueId");

-- CreateIndex
CREATE INDEX "Attachment_commentId_idx" ON "Attachment"("commentId");
