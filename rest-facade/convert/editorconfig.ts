import type { RestEditorconfigFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';

/** GraphQL EditorconfigDefinition → the JSON Gitea answers: only the properties set, false booleans left out. */
export function toEditorconfig(def: RestEditorconfigFragment): RestSchema<'EditorconfigDefinition'> {
  const shape: RestSchema<'EditorconfigDefinition'> = {};
  if (def.charset) shape.charset = def.charset;
  if (def.indentStyle) shape.indent_style = def.indentStyle;
  if (def.indentSize) shape.indent_size = def.indentSize;
  if (def.tabWidth) shape.tab_width = def.tabWidth;
  if (def.endOfLine) shape.end_of_line = def.endOfLine;
  if (def.trimTrailingWhitespace) shape.trim_trailing_whitespace = true;
  if (def.insertFinalNewline) shape.insert_final_newline = true;
  return shape;
}
