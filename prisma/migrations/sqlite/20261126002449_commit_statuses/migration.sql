-- CreateTable
CREATE TABLE "CommitStatus" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repoId" INTEGER NOT NULL,
    "sha" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "targetUrl" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "context" TEXT NOT NULL DEFAULT '',
    "creatorId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CommitStatus_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CommitStatus_creatorId_fkey" FOREIGN KEY ("creatorId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CommitStatus_repoId_sha_context_idx" ON "CommitStatus"("repoId", "sha", "context");

-- CreateIndex
CREATE UNIQUE INDEX "CommitStatus_repoId_sha_index_key" ON "CommitStatus"("repoId", "sha", "index");
