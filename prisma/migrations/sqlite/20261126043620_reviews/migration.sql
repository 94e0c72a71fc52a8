-- CreateTable
CREATE TABLE "Review" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "issueId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "reviewerId" INTEGER,
    "reviewerTeamId" INTEGER,
    "body" TEXT NOT NULL DEFAULT '',
    "commitId" TEXT NOT NULL DEFAULT '',
    "official" BOOLEAN NOT NULL DEFAULT false,
    "stale" BOOLEAN NOT NULL DEFAULT false,
    "dismissed" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Review_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Review_reviewerTeamId_fkey" FOREIGN KEY ("reviewerTeamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Comment" (
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
    "refAction" TEXT NOT NULL DEFAULT 'none',
    "commitSha" TEXT,
    "dependentIssueId" INTEGER,
    "trackedTimeId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reviewId" INTEGER,
    "treePath" TEXT,
    "line" INTEGER,
    "patch" TEXT,
    "resolveDoerId" INTEGER,
    "assigneeTeamId" INTEGER,
    CONSTRAINT "Comment_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Comment_posterId_fkey" FOREIGN KEY ("posterId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Comment_refIssueId_fkey" FOREIGN KEY ("refIssueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Comment_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Comment" ("assigneeId", "body", "commitSha", "createdAt", "dependentIssueId", "id", "issueId", "labelId", "milestoneId", "newRef", "newTitle", "oldMilestoneId", "oldRef", "oldTitle", "posterId", "refAction", "refCommentId", "refIssueId", "refRepoId", "removedAssignee", "repoId", "trackedTimeId", "type", "updatedAt") SELECT "assigneeId", "body", "commitSha", "createdAt", "dependentIssueId", "id", "issueId", "labelId", "milestoneId", "newRef", "newTitle", "oldMilestoneId", "oldRef", "oldTitle", "posterId", "refAction", "refCommentId", "refIssueId", "refRepoId", "removedAssignee", "repoId", "trackedTimeId", "type", "updatedAt" FROM "Comment";
DROP TABLE "Comment";
ALTER TABLE "new_Comment" RENAME TO "Comment";
CREATE INDEX "Comment_issueId_createdAt_idx" ON "Comment"("issueId", "createdAt");
CREATE INDEX "Comment_repoId_type_createdAt_idx" ON "Comment"("repoId", "type", "createdAt");
CREATE INDEX "Comment_posterId_idx" ON "Comment"("posterId");
CREATE INDEX "Comment_refIssueId_refCommentId_idx" ON "Comment"("refIssueId", "refCommentId");
CREATE INDEX "Comment_reviewId_idx" ON "Comment"("reviewId");
CREATE UNIQUE INDEX "Comment_issueId_refRepoId_commitSha_key" ON "Comment"("issueId", "refRepoId", "commitSha");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Review_issueId_type_idx" ON "Review"("issueId", "type");

-- CreateIndex
CREATE INDEX "Review_reviewerId_idx" ON "Review"("reviewerId");

-- CreateIndex
CREATE INDEX "Review_reviewerTeamId_idx" ON "Review"("reviewerTeamId");
