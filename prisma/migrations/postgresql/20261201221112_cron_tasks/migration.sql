-- CreateTable
CREATE TABLE "CronTask" (
    "name" TEXT NOT NULL,
    "holder" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "execTimes" INTEGER NOT NULL DEFAULT 0,
    "lastStartedAt" TIMESTAMP(3),
    "lastFinishedAt" TIMESTAMP(3),
    "lastStatus" TEXT,
    "lastMessage" TEXT,

    CONSTRAINT "CronTask_pkey" PRIMARY KEY ("name")
);
