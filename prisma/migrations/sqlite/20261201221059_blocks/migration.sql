-- CreateTable
CREATE TABLE "Blocking" (
    "blockerId" INTEGER NOT NULL,
    "blockeeId" INTEGER NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("blockerId", "blockeeId"),
    CONSTRAINT "Blocking_blockerId_fkey" FOREIGN KEY ("blockerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Blocking_blockeeId_fkey" FOREIGN KEY ("blockeeId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Blocking_blockeeId_idx" ON "Blocking"("blockeeId");
