-- AlterTable
ALTER TABLE "Repository" ADD COLUMN     "allowOnlyContributorsToTrackTime" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "enableIssueDependencies" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "enableTimeTracker" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "externalTrackerFormat" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "externalTrackerRegexp" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "externalTrackerStyle" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "externalTrackerUrl" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "externalWikiUrl" TEXT NOT NULL DEFAULT '';
