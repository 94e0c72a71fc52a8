-- CreateIndex
CREATE INDEX "Issue_repoId_isPull_isClosed_createdAt_id_idx" ON "Issue"("repoId", "isPull", "isClosed", "createdAt", "id");
