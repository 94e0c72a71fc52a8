-- AlterTable
ALTER TABLE "Repository" ADD COLUMN     "refsSyncedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Branch" (
    "repoId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "lowerName" TEXT NOT NULL,
    "commitId" TEXT NOT NULL,
    "commitSummary" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "authorEmail" TEXT NOT NULL,
    "authorDate" TIMESTAMP(3) NOT NULL,
    "committerDate" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Branch_pkey" PRIMARY KEY ("repoId","name")
);

-- CreateTable
CREATE TABLE "Tag" (
    "repoId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "oid" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "commitId" TEXT,
    "createdDate" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("repoId","name")
);

-- CreateIndex
CREATE INDEX "Branch_repoId_committerDate_name_idx" ON "Branch"("repoId", "committerDate" DESC, "name");

-- CreateIndex
CREATE INDEX "Tag_repoId_createdDate_name_idx" ON "Tag"("repoId", "createdDate" DESC, "name");

-- AddForeignKey
ALTER TABLE "Branch" ADD CONSTRAINT "Branch_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;
