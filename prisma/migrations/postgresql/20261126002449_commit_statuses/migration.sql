-- CreateTable
CREATE TABLE "CommitStatus" (
    "id" SERIAL NOT NULL,
    "repoId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "targetUrl" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "context" TEXT NOT NULL DEFAULT '',
    "creatorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommitStatus_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CommitStatus_repoId_sha_context_idx" ON "CommitStatus"("repoId", "sha", "context");

-- CreateIndex
CREATE UNIQUE INDEX "CommitStatus_repoId_sha_index_key" ON "CommitStatus"("repoId", "sha", "index");

-- AddForeignKey
ALTER TABLE "CommitStatus" ADD CONSTRAINT "CommitStatus_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CommitStatus" ADD CONSTRAINT "CommitStatus_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
