/**
 * The label sets a repository may start with (`issue_labels` on creation), by the names Gitea offers. A list of
 * facts: each label's name, colour (six hex digits), description, whether it is exclusive within its scope (the
 * part of the name before the last "/"), and the priority Gitea's set gives it.
 */
export interface LabelSetEntry {
  name: string;
  color: string;
  description: string;
  exclusive: boolean;
  priority?: 'critical' | 'high' | 'medium' | 'low';
}

const label = (name: string, color: string, description: string, extra: Partial<LabelSetEntry> = {}): LabelSetEntry => ({
  name,
  color,
  description,
  exclusive: false,
  ...extra,
});

const scoped = (name: string, color: string, description: string, priority?: LabelSetEntry['priority']): LabelSetEntry =>
  label(name, color, description, priority ? { exclusive: true, priority } : { exclusive: true });

export const LABEL_SETS: Readonly<Record<string, readonly LabelSetEntry[]>> = {
  Advanced: [
    label('Kind/Bug', 'ee0701', 'Something is not working'),
    label('Kind/Feature', '0288d1', 'New functionality'),
    label('Kind/Enhancement', '84b6eb', 'Improve existing functionality'),
    label('Kind/Security', '9c27b0', 'This is security issue'),
    label('Kind/Testing', '795548', 'Issue or pull request related to testing'),
    label('Kind/Breaking', 'c62828', "Breaking change that won't be backward compatible"),
    label('Kind/Documentation', '37474f', 'Documentation changes'),
    scoped('Reviewed/Duplicate', '616161', 'This issue or pull request already exists'),
    scoped('Reviewed/Invalid', '546e7a', 'Invalid issue'),
    scoped('Reviewed/Confirmed', '795548', 'Issue has been confirmed'),
    scoped("Reviewed/Won't Fix", 'eeeeee', "This issue won't be fixed"),
    scoped('Status/Need More Info', '424242', 'Feedback is required to reproduce issue or to continue work'),
    scoped('Status/Blocked', '880e4f', 'Something is blocking this issue or pull request'),
    scoped('Status/Abandoned', '222222', 'Somebody has started to work on this but abandoned work'),
    scoped('Priority/Critical', 'b71c1c', 'The priority is critical', 'critical'),
    scoped('Priority/High', 'd32f2f', 'The priority is high', 'high'),
    scoped('Priority/Medium', 'e64a19', 'The priority is medium', 'medium'),
    scoped('Priority/Low', '4caf50', 'The priority is low', 'low'),
  ],
  Default: [
    label('bug', 'ee0701', 'Something is not working'),
    label('duplicate', 'cccccc', 'This issue or pull request already exists'),
    label('enhancement', '84b6eb', 'New feature'),
    label('help wanted', '128a0c', 'Need some help'),
    label('invalid', 'e6e6e6', 'Something is wrong'),
    label('question', 'cc317c', 'More information is needed'),
    label('wontfix', 'ffffff', "This won't be fixed"),
  ],
};
