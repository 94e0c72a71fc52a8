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
    CONSTRAINT "Comment_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Comment_posterId_fkey" FOREIGN KEY ("posterId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Comment_refIssueId_fkey" FOREIGN KEY ("refIssueId") REFERENCES "Issue" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Comment" ("assigneeId", "body", "commitSha", "createdAt", "dependentIssueId", "id", "issueId", "labelId", "milestoneId", "newRef", "newTitle", "oldMilestoneId", "oldRef", "oldTitle", "posterId", "refCommentId", "refIssueId", "refRepoId", "removedAssignee", "repoId", "trackedTimeId", "type", "updatedAt") SELECT "assigneeId", "body", "commitSha", "createdAt", "dependentIssueId", "id", "issueId", "labelId", "milestoneId", "newRef", "newTitle", "oldMilestoneId", "oldRef", "oldTitle", "posterId", "refCommentId", "refIssueId", "refRepoId", "removedAssignee", "repoId", "trackedTimeId", "type", "updatedAt" FROM "Comment";
DROP TABLE "Comment";
ALTER TABLE "new_Comment" RENAME TO "Comment";
CREATE INDEX "Comment_issueId_createdAt_idx" ON "Comment"("issueId", "createdAt");
CREATE INDEX "Comment_repoId_type_createdAt_idx" ON "Comment"("repoId", "type", "createdAt");
CREATE INDEX "Comment_posterId_idx" ON "Comment"("posterId");
CREATE INDEX "Comment_refIssueId_refCommentId_idx" ON "Comment"("refIssueId", "refCommentId");
CREATE UNIQUE INDEX "Comment_issueId_refRepoId_commitSha_key" ON "Comment"("issueId", "refRepoId", "commitSha");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
