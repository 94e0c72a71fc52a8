-- DropIndex
DROP INDEX "Issue_repoId_isClosed_createdAt_isPull_idx";

-- CreateIndex
CREATE INDEX "Issue_repoId_isClosed_createdAt_idx" ON "Issue"("repoId", "isClosed", "createdAt");

-- CreateIndex
CREATE INDEX "Issue_repoId_isPull_isClosed_createdAt_idx" ON "Issue"("repoId", "isPull", "isClosed", "createdAt");
