-- AlterTable
ALTER TABLE "User" ADD COLUMN     "avatar" TEXT,
ADD COLUMN     "diffViewStyle" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "keepActivityPrivate" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "keepEmailPrivate" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "theme" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "AccessToken" ADD COLUMN     "oauth2GrantId" INTEGER;

-- CreateTable
CREATE TABLE "EmailAddress" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "lowerEmail" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailAddress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuth2Application" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretHash" TEXT NOT NULL,
    "redirectUris" TEXT NOT NULL,
    "confidentialClient" BOOLEAN NOT NULL DEFAULT true,
    "skipSecondaryAuthorization" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OAuth2Application_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuth2Grant" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "applicationId" INTEGER NOT NULL,
    "scope" TEXT NOT NULL DEFAULT '',
    "nonce" TEXT NOT NULL DEFAULT '',
    "counter" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OAuth2Grant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuth2AuthorizationCode" (
    "id" SERIAL NOT NULL,
    "grantId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "codeChallenge" TEXT NOT NULL DEFAULT '',
    "codeChallengeMethod" TEXT NOT NULL DEFAULT '',
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuth2AuthorizationCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuth2SigningKey" (
    "id" SERIAL NOT NULL,
    "privateJwk" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuth2SigningKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Blocking" (
    "blockerId" INTEGER NOT NULL,
    "blockeeId" INTEGER NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Blocking_pkey" PRIMARY KEY ("blockerId","blockeeId")
);

-- CreateTable
CREATE TABLE "UserRedirect" (
    "lowerLogin" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,

    CONSTRAINT "UserRedirect_pkey" PRIMARY KEY ("lowerLogin")
);

-- CreateTable
CREATE TABLE "Badge" (
    "id" SERIAL NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "imageUrl" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "Badge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UserBadge" (
    "badgeId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    CONSTRAINT "UserBadge_pkey" PRIMARY KEY ("userId","badgeId")
);

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

-- CreateIndex
CREATE UNIQUE INDEX "EmailAddress_lowerEmail_key" ON "EmailAddress"("lowerEmail");

-- CreateIndex
CREATE INDEX "EmailAddress_userId_idx" ON "EmailAddress"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2Application_clientId_key" ON "OAuth2Application"("clientId");

-- CreateIndex
CREATE INDEX "OAuth2Application_userId_idx" ON "OAuth2Application"("userId");

-- CreateIndex
CREATE INDEX "OAuth2Grant_applicationId_idx" ON "OAuth2Grant"("applicationId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2Grant_userId_applicationId_key" ON "OAuth2Grant"("userId", "applicationId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2AuthorizationCode_codeHash_key" ON "OAuth2AuthorizationCode"("codeHash");

-- CreateIndex
CREATE INDEX "OAuth2AuthorizationCode_grantId_idx" ON "OAuth2AuthorizationCode"("grantId");

-- CreateIndex
CREATE INDEX "Blocking_blockeeId_idx" ON "Blocking"("blockeeId");

-- CreateIndex
CREATE INDEX "UserRedirect_userId_idx" ON "UserRedirect"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Badge_slug_key" ON "Badge"("slug");

-- CreateIndex
CREATE INDEX "UserBadge_badgeId_idx" ON "UserBadge"("badgeId");

-- CreateIndex
CREATE INDEX "AccessToken_oauth2GrantId_idx" ON "AccessToken"("oauth2GrantId");

-- AddForeignKey
ALTER TABLE "EmailAddress" ADD CONSTRAINT "EmailAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AccessToken" ADD CONSTRAINT "AccessToken_oauth2GrantId_fkey" FOREIGN KEY ("oauth2GrantId") REFERENCES "OAuth2Grant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuth2Application" ADD CONSTRAINT "OAuth2Application_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuth2Grant" ADD CONSTRAINT "OAuth2Grant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuth2Grant" ADD CONSTRAINT "OAuth2Grant_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "OAuth2Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuth2AuthorizationCode" ADD CONSTRAINT "OAuth2AuthorizationCode_grantId_fkey" FOREIGN KEY ("grantId") REFERENCES "OAuth2Grant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Blocking" ADD CONSTRAINT "Blocking_blockerId_fkey" FOREIGN KEY ("blockerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Blocking" ADD CONSTRAINT "Blocking_blockeeId_fkey" FOREIGN KEY ("blockeeId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserRedirect" ADD CONSTRAINT "UserRedirect_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserBadge" ADD CONSTRAINT "UserBadge_badgeId_fkey" FOREIGN KEY ("badgeId") REFERENCES "Badge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserBadge" ADD CONSTRAINT "UserBadge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
