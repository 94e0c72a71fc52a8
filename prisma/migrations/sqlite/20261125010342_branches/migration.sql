-- AlterTable
ALTER TABLE "Repository" ADD COLUMN "refsSyncedAt" DATETIME;

-- CreateTable
CREATE TABLE "Branch" (
    "repoId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "lowerName" TEXT NOT NULL,
    "commitId" TEXT NOT NULL,
    "commitSummary" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "authorEmail" TEXT NOT NULL,
    "authorDate" DATETIME NOT NULL,
    "committerDate" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("repoId", "name"),
    CONSTRAINT "Branch_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Tag" (
    "repoId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "oid" TEXT NOT NULL,
    "targetType" TEXT NOT NULL,
    "commitId" TEXT,
    "createdDate" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("repoId", "name"),
    CONSTRAINT "Tag_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Branch_repoId_committerDate_name_idx" ON "Branch"("repoId", "committerDate" DESC, "name");

-- CreateIndex
CREATE INDEX "Tag_repoId_createdDate_name_idx" ON "Tag"("repoId", "createdDate" DESC, "name");
