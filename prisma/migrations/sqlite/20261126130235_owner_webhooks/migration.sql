-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Webhook" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL DEFAULT 'repo',
    "repoId" INTEGER,
    "ownerId" INTEGER,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL,
    "httpMethod" TEXT NOT NULL DEFAULT 'POST',
    "contentType" TEXT NOT NULL,
    "secret" TEXT NOT NULL DEFAULT '',
    "authorizationHeader" TEXT NOT NULL DEFAULT '',
    "events" TEXT NOT NULL DEFAULT '[]',
    "branchFilter" TEXT NOT NULL DEFAULT '',
    "active" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Webhook_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Webhook_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Webhook" ("active", "authorizationHeader", "branchFilter", "contentType", "createdAt", "events", "httpMethod", "id", "kind", "name", "repoId", "secret", "type", "updatedAt", "url") SELECT "active", "authorizationHeader", "branchFilter", "contentType", "createdAt", "events", "httpMethod", "id", "kind", "name", "repoId", "secret", "type", "updatedAt", "url" FROM "Webhook";
DROP TABLE "Webhook";
ALTER TABLE "new_Webhook" RENAME TO "Webhook";
CREATE INDEX "Webhook_repoId_idx" ON "Webhook"("repoId");
CREATE INDEX "Webhook_ownerId_idx" ON "Webhook"("ownerId");
CREATE INDEX "Webhook_kind_idx" ON "Webhook"("kind");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
