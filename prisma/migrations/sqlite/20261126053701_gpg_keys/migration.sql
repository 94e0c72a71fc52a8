-- CreateTable
CREATE TABLE "GpgKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "ownerId" INTEGER NOT NULL,
    "keyId" TEXT NOT NULL,
    "primaryKeyId" TEXT NOT NULL DEFAULT '',
    "packet" TEXT NOT NULL,
    "armored" TEXT NOT NULL DEFAULT '',
    "emails" TEXT NOT NULL DEFAULT '[]',
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "canSign" BOOLEAN NOT NULL,
    "canEncryptComms" BOOLEAN NOT NULL,
    "canEncryptStorage" BOOLEAN NOT NULL,
    "canCertify" BOOLEAN NOT NULL,
    "keyCreatedAt" DATETIME NOT NULL,
    "expiresAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GpgKey_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "GpgKey_ownerId_primaryKeyId_idx" ON "GpgKey"("ownerId", "primaryKeyId");

-- CreateIndex
CREATE INDEX "GpgKey_primaryKeyId_idx" ON "GpgKey"("primaryKeyId");

-- CreateIndex
CREATE UNIQUE INDEX "GpgKey_keyId_primaryKeyId_key" ON "GpgKey"("keyId", "primaryKeyId");
