-- CreateTable
CREATE TABLE "Webhook" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL DEFAULT 'repo',
    "repoId" INTEGER,
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
    CONSTRAINT "Webhook_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HookTask" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "hookId" INTEGER NOT NULL,
    "uuid" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" DATETIME,
    "claimedBy" TEXT,
    "delivered" BOOLEAN NOT NULL DEFAULT false,
    "succeeded" BOOLEAN NOT NULL DEFAULT false,
    "responseStatus" INTEGER,
    "responseBody" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" DATETIME,
    CONSTRAINT "HookTask_hookId_fkey" FOREIGN KEY ("hookId") REFERENCES "Webhook" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Webhook_repoId_idx" ON "Webhook"("repoId");

-- CreateIndex
CREATE UNIQUE INDEX "HookTask_uuid_key" ON "HookTask"("uuid");

-- CreateIndex
CREATE INDEX "HookTask_delivered_nextAttemptAt_idx" ON "HookTask"("delivered", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "HookTask_hookId_id_idx" ON "HookTask"("hookId", "id");
