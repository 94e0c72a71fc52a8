-- CreateTable
CREATE TABLE "PublicKey" (
    "id" SERIAL NOT NULL,
    "ownerId" INTEGER,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "algorithm" TEXT NOT NULL,
    "bits" INTEGER NOT NULL,
    "readOnly" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PublicKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeployKey" (
    "id" SERIAL NOT NULL,
    "keyId" INTEGER NOT NULL,
    "repoId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "readOnly" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DeployKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PublicKey_fingerprint_key" ON "PublicKey"("fingerprint");

-- CreateIndex
CREATE UNIQUE INDEX "PublicKey_ownerId_name_key" ON "PublicKey"("ownerId", "name");

-- CreateIndex
CREATE INDEX "DeployKey_fingerprint_idx" ON "DeployKey"("fingerprint");

-- CreateIndex
CREATE UNIQUE INDEX "DeployKey_keyId_repoId_key" ON "DeployKey"("keyId", "repoId");

-- CreateIndex
CREATE UNIQUE INDEX "DeployKey_repoId_name_key" ON "DeployKey"("repoId", "name");

-- AddForeignKey
ALTER TABLE "PublicKey" ADD CONSTRAINT "PublicKey_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeployKey" ADD CONSTRAINT "DeployKey_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "PublicKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeployKey" ADD CONSTRAINT "DeployKey_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repository"("id") ON DELETE CASCADE ON UPDATE CASCADE;
