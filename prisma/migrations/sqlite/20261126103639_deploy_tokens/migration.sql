-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_DeployKey" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "keyId" INTEGER,
    "repoId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "readOnly" BOOLEAN NOT NULL,
    "keyType" TEXT NOT NULL DEFAULT 'ssh',
    "tokenHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "DeployKey_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "PublicKey" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeployKey_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DeployKey" ("createdAt", "fingerprint", "id", "keyId", "name", "readOnly", "repoId", "updatedAt") SELECT "createdAt", "fingerprint", "id", "keyId", "name", "readOnly", "repoId", "updatedAt" FROM "DeployKey";
DROP TABLE "DeployKey";
ALTER TABLE "new_DeployKey" RENAME TO "DeployKey";
CREATE UNIQUE INDEX "DeployKey_tokenHash_key" ON "DeployKey"("tokenHash");
CREATE INDEX "DeployKey_fingerprint_idx" ON "DeployKey"("fingerprint");
CREATE UNIQUE INDEX "DeployKey_keyId_repoId_key" ON "DeployKey"("keyId", "repoId");
CREATE UNIQUE INDEX "DeployKey_repoId_name_key" ON "DeployKey"("repoId", "name");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
