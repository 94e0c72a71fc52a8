-- CreateIndex
CREATE INDEX "Issue_repoId_isClosed_createdAt_isPull_idx" ON "Issue"("repoId", "isClosed", "createdAt", "isPull");
