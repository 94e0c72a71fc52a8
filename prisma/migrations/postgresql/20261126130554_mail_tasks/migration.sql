-- AlterTable
ALTER TABLE "User" ADD COLUMN     "emailNotificationsPreference" TEXT NOT NULL DEFAULT 'enabled';

-- CreateTable
CREATE TABLE "MailTask" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER,
    "recipient" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "headers" TEXT NOT NULL DEFAULT '{}',
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL DEFAULT '',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMP(3),
    "claimedBy" TEXT,
    "done" BOOLEAN NOT NULL DEFAULT false,
    "sent" BOOLEAN NOT NULL DEFAULT false,
    "lastError" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "MailTask_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MailTask_done_nextAttemptAt_idx" ON "MailTask"("done", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "MailTask_messageId_userId_key" ON "MailTask"("messageId", "userId");

-- AddForeignKey
ALTER TABLE "MailTask" ADD CONSTRAINT "MailTask_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
