-- CreateTable
CREATE TABLE "Webhook" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Webhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HookTask" (
    "id" SERIAL NOT NULL,
    "hookId" INTEGER NOT NULL,
    "uuid" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMP(3),
    "claimedBy" TEXT,
    "delivered" BOOLEAN NOT NULL DEFAULT false,
    "succeeded" BOOLEAN NOT NULL DEFAULT false,
    "responseStatus" INTEGER,
    "responseBody" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "HookTask_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Webhook_repoId_idx" ON "Webhook"("repoId");

-- CreateIndex
CREATE UNIQUE INDEX "HookTask_uuid_key" ON "HookTask"("uuid");

-- CreateIndex
CREATE INDEX "HookTask_delivered_nextAttemptAt_idx" ON "HookTask"("delivered", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "HookTask_hookId_id_idx" ON "HookTask"("hookId", "id");

-- AddForeignKey
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HookTask" ADD CONSTRAINT "HookTask_hookId_fkey" FOREIGN KEY ("hookId") REFERENCES "Webhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;
