-- CreateTable
CREATE TABLE "DomainEvent" (
    "id" SERIAL NOT NULL,
    "topic" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DomainEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventReader" (
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "holder" TEXT,
    "heldAt" TIMESTAMP(3),

    CONSTRAINT "EventReader_pkey" PRIMARY KEY ("name")
);
