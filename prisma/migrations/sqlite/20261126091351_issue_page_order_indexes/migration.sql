-- DropIndex
DROP INDEX "Issue_repoId_isClosed_createdAt_isPull_idx";

-- CreateIndex
CREATE INDEX "Issue_repoId_isClosed_createdAt_id_isPull_idx" ON "Issue"("repoId", "isClosed", "createdAt", "id", "isPull");

-- CreateIndex
CREATE INDEX "Issue_repoId_createdAt_id_isPull_idx" ON "Issue"("repoId", "createdAt", "id", "isPull");
