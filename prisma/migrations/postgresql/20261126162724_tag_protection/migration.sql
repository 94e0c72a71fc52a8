-- CreateTable
CREATE TABLE "TagProtection" (
    "id" SERIAL NOT NULL,
    "repoId" INTEGER NOT NULL,
    "namePattern" TEXT NOT NULL,
    "allowUserIds" TEXT NOT NULL DEFAULT '[]',
    "allowTeamIds" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TagProtection_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TagProtection_repoId_idx" ON "TagProtection"("repoId");

-- AddForeignKey
ALTER TABLE "TagProtection" ADD CONSTRAINT "TagProtection_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;
