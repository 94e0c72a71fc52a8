-- CreateTable
CREATE TABLE "PublicKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ownerId" INTEGER,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "algorithm" TEXT NOT NULL,
    "bits" INTEGER NOT NULL,
    "readOnly" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PublicKey_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DeployKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "keyId" INTEGER NOT NULL,
    "repoId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "readOnly" BOOLEAN NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "DeployKey_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "PublicKey" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeployKey_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "PublicKey_fingerprint_key" ON "PublicKey"("fingerprint");

-- CreateIndex
CREATE UNIQUE INDEX "PublicKey_ownerId_name_key" ON "PublicKey"("ownerId", "name");

-- CreateIndex
CREATE INDEX "DeployKey_fingerprint_idx" ON "DeployKey"("fingerprint");

-- CreateIndex
CREATE UNIQUE INDEX "DeployKey_keyId_repoId_key" ON "DeployKey"("keyId", "repoId");

-- CreateIndex
CREATE UNIQUE INDEX "DeployKey_repoId_name_key" ON "DeployKey"("repoId", "name");
