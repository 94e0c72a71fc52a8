-- CreateIndex
CREATE INDEX "Issue_isClosed_createdAt_id_idx" ON "Issue"("isClosed", "createdAt", "id");
