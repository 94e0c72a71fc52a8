-- AlterTable
ALTER TABLE "User" ADD COLUMN     "avatar" TEXT;
