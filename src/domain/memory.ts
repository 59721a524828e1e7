/**
 * What an observation and a turn summary say, in the two spellings the code uses: camelCase in
 * process (compressor output, store input), snake_case on the wire and in exports (the columns).
 */

/** What an observation says, before it is stored. */
export interface ObservationBody {
  title: string;
  subtitle: string;
  facts: string[];
  narrative: string;
  concepts: string[];
  filesRead: string[];
  filesModified: string[];
}

/** What a turn summary says, before it is stored. */
export interface SummaryBody {
  request: string;
  investigated: string;
  learned: string;
  completed: string;
  nextSteps: string;
  notes: string;
}

/** An observation's content as the API and exports carry it (list fields parsed). */
export interface ObservationFields {
  type: string;
  title: string;
  subtitle: string;
  narrative: string;
  facts: string[];
  concepts: string[];
  files_read: string[];
  files_modified: string[];
}

/** A summary's content as the API and exports carry it. */
export interface SummaryFields {
  request: string;
  investigated: string;
  learned: string;
  completed: string;
  next_steps: string;
  notes: string;
  files_read: string[];
  files_modified: string[];
}

/** Which provider made a record, and the tokens its share took. */
export interface SpendFields {
  provider: string;
  model: string | null;
  tokens_in: number;
  tokens_out: number;
}
