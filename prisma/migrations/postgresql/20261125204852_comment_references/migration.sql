-- AlterTable
ALTER TABLE "Comment" ADD COLUMN     "refAction" TEXT NOT NULL DEFAULT 'none';

-- CreateIndex
CREATE INDEX "Comment_refIssueId_refCommentId_idx" ON "Comment"("refIssueId", "refCommentId");

-- CreateIndex
CREATE UNIQUE INDEX "Comment_issueId_refRepoId_commitSha_key" ON "Comment"("issueId", "refRepoId", "commitSha");

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_refIssueId_fkey" FOREIGN KEY ("refIssueId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;
