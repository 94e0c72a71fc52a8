-- DropIndex
DROP INDEX "Attachment_commentId_idx";

-- CreateIndex
CREATE INDEX "Attachment_commentId_issueId_idx" ON "Attachment"("commentId", "issueId");
