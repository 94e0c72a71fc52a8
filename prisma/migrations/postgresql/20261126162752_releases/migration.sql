-- AlterTable
ALTER TABLE "Attachment" ADD COLUMN     "externalUrl" TEXT,
ADD COLUMN     "releaseId" INTEGER;

-- CreateTable
CREATE TABLE "Release" (
    "id" SERIAL NOT NULL,
    "repoId" INTEGER NOT NULL,
    "publisherId" INTEGER,
    "tagName" TEXT NOT NULL,
    "target" TEXT NOT NULL DEFAULT '',
    "title" TEXT NOT NULL DEFAULT '',
    "note" TEXT NOT NULL DEFAULT '',
    "sha1" TEXT NOT NULL DEFAULT '',
    "isDraft" BOOLEAN NOT NULL DEFAULT false,
    "isPrerelease" BOOLEAN NOT NULL DEFAULT false,
    "isTag" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Release_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Release_repoId_isTag_createdAt_idx" ON "Release"("repoId", "isTag", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Release_repoId_tagName_key" ON "Release"("repoId", "tagName");

-- CreateIndex
CREATE INDEX "Attachment_releaseId_idx" ON "Attachment"("releaseId");

-- AddForeignKey
ALTER TABLE "Release" ADD CONSTRAINT "Release_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Release" ADD CONSTRAINT "Release_publisherId_fkey" FOREIGN KEY ("publisherId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
