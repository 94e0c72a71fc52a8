-- AlterTable
ALTER TABLE "DeployKey" ADD COLUMN     "keyType" TEXT NOT NULL DEFAULT 'ssh',
ADD COLUMN     "tokenHash" TEXT,
ALTER COLUMN "keyId" DROP NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "DeployKey_tokenHash_key" ON "DeployKey"("tokenHash");
