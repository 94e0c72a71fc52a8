-- CreateTable
CREATE TABLE "Blocking" (
    "blockerId" INTEGER NOT NULL,
    "blockeeId" INTEGER NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Blocking_pkey" PRIMARY KEY ("blockerId","blockeeId")
);

-- CreateIndex
CREATE INDEX "Blocking_blockeeId_idx" ON "Blocking"("blockeeId");

-- AddForeignKey
ALTER TABLE "Blocking" ADD CONSTRAINT "Blocking_blockerId_fkey" FOREIGN KEY ("blockerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Blocking" ADD CONSTRAINT "Blocking_blockeeId_fkey" FOREIGN KEY ("blockeeId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
