-- CreateTable
CREATE TABLE "Action" (
    "id" SERIAL NOT NULL,
    "opType" TEXT NOT NULL,
    "actUserId" INTEGER NOT NULL,
    "repoId" INTEGER NOT NULL,
    "commentId" INTEGER,
    "refName" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL DEFAULT '',
    "isPrivate" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "quarterHour" INTEGER NOT NULL,

    CONSTRAINT "Action_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Action_repoId_createdAt_idx" ON "Action"("repoId", "createdAt");

-- CreateIndex
CREATE INDEX "Action_actUserId_createdAt_idx" ON "Action"("actUserId", "createdAt");

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_actUserId_fkey" FOREIGN KEY ("actUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Action" ADD CONSTRAINT "Action_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "Comment"("id") ON DELETE SET NULL ON UPDATE CASCADE;
