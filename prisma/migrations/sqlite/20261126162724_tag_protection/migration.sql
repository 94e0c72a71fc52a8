-- CreateTable
CREATE TABLE "TagProtection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repoId" INTEGER NOT NULL,
    "namePattern" TEXT NOT NULL,
    "allowUserIds" TEXT NOT NULL DEFAULT '[]',
    "allowTeamIds" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "TagProtection_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "TagProtection_repoId_idx" ON "TagProtection"("repoId");
