-- AlterTable
ALTER TABLE "Comment" ADD COLUMN     "assigneeTeamId" INTEGER,
ADD COLUMN     "line" INTEGER,
ADD COLUMN     "patch" TEXT,
ADD COLUMN     "resolveDoerId" INTEGER,
ADD COLUMN     "reviewId" INTEGER,
ADD COLUMN     "treePath" TEXT;

-- CreateTable
CREATE TABLE "Review" (
    "id" SERIAL NOT NULL,
    "issueId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "reviewerId" INTEGER,
    "reviewerTeamId" INTEGER,
    "body" TEXT NOT NULL DEFAULT '',
    "commitId" TEXT NOT NULL DEFAULT '',
    "official" BOOLEAN NOT NULL DEFAULT false,
    "stale" BOOLEAN NOT NULL DEFAULT false,
    "dismissed" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Review_issueId_type_idx" ON "Review"("issueId", "type");

-- CreateIndex
CREATE INDEX "Review_reviewerId_idx" ON "Review"("reviewerId");

-- CreateIndex
CREATE INDEX "Review_reviewerTeamId_idx" ON "Review"("reviewerTeamId");

-- CreateIndex
CREATE INDEX "Comment_reviewId_idx" ON "Comment"("reviewId");

-- AddForeignKey
ALTER TABLE "Comment" ADD CONSTRAINT "Comment_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_reviewerId_fkey" FOREIGN KEY ("reviewerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_reviewerTeamId_fkey" FOREIGN KEY ("reviewerTeamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;
