-- CreateTable
CREATE TABLE "CronTask" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT,
    "leaseUntil" DATETIME,
    "execTimes" INTEGER NOT NULL DEFAULT 0,
    "lastStartedAt" DATETIME,
    "lastFinishedAt" DATETIME,
    "lastStatus" TEXT,
    "lastMessage" TEXT
);
