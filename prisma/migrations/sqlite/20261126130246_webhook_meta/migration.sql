-- AlterTable
ALTER TABLE "Webhook" ADD COLUMN "meta" TEXT NOT NULL DEFAULT '{}';
