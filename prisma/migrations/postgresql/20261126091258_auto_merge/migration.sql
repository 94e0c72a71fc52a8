-- CreateTable
CREATE TABLE "AutoMerge" (
    "id" SERIAL NOT NULL,
    "pullId" INTEGER NOT NULL,
    "doerId" INTEGER NOT NULL,
    "style" TEXT NOT NULL,
    "title" TEXT,
    "message" TEXT,
    "deleteBranchAfterMerge" BOOLEAN NOT NULL DEFAULT false,
    "headCommitId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AutoMerge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AutoMerge_pullId_key" ON "AutoMerge"("pullId");

-- CreateIndex
CREATE INDEX "AutoMerge_doerId_idx" ON "AutoMerge"("doerId");

-- AddForeignKey
ALTER TABLE "AutoMerge" ADD CONSTRAINT "AutoMerge_pullId_fkey" FOREIGN KEY ("pullId") REFERENCES "PullRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutoMerge" ADD CONSTRAINT "AutoMerge_doerId_fkey" FOREIGN KEY ("doerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
