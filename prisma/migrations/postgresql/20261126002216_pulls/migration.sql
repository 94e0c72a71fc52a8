-- CreateTable
CREATE TABLE "PullRequest" (
    "id" SERIAL NOT NULL,
    "issueId" INTEGER NOT NULL,
    "baseRepoId" INTEGER NOT NULL,
    "baseBranch" TEXT NOT NULL,
    "headRepoId" INTEGER,
    "headBranch" TEXT NOT NULL,
    "headCommitId" TEXT NOT NULL,
    "mergeBase" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'checking',
    "conflictedFiles" TEXT NOT NULL DEFAULT '',
    "additions" INTEGER NOT NULL DEFAULT 0,
    "deletions" INTEGER NOT NULL DEFAULT 0,
    "changedFiles" INTEGER NOT NULL DEFAULT 0,
    "allowMaintainerEdit" BOOLEAN NOT NULL DEFAULT false,
    "hasMerged" BOOLEAN NOT NULL DEFAULT false,
    "mergedAt" TIMESTAMP(3),
    "mergedCommitId" TEXT NOT NULL DEFAULT '',
    "mergerId" INTEGER,

    CONSTRAINT "PullRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PullRequest_issueId_key" ON "PullRequest"("issueId");

-- CreateIndex
CREATE INDEX "PullRequest_baseRepoId_baseBranch_idx" ON "PullRequest"("baseRepoId", "baseBranch");

-- CreateIndex
CREATE INDEX "PullRequest_headRepoId_headBranch_idx" ON "PullRequest"("headRepoId", "headBranch");

-- CreateIndex
CREATE INDEX "PullRequest_status_idx" ON "PullRequest"("status");

-- AddForeignKey
ALTER TABLE "PullRequest" ADD CONSTRAINT "PullRequest_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PullRequest" ADD CONSTRAINT "PullRequest_headRepoId_fkey" FOREIGN KEY ("headRepoId") REFERENCES "Repository"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PullRequest" ADD CONSTRAINT "PullRequest_mergerId_fkey" FOREIGN KEY ("mergerId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
