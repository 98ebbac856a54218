/**
 * Cases where Airlock deliberately differs from a peer, each with one line on why. Reviewed
 * by the lead: an entry is a decision about behaviour, never a way to hide a miss. Cases on
 * this list are reported apart and count neither as matches nor as misses; an entry whose
 * case now matches is flagged by the printer so it can be removed.
 */
export const DELIBERATE_DIFFERENCES: Readonly<Record<string, string>> = {
  // safeParse finds the answer in a model's text; jsonrepair repairs a whole document.
  'jsonrepair-0241': 'prose before a root (`callback {}`) is prose around the answer, not a defect of it',
  'jsonrepair-0411': 'text after a complete root (`{"a":2}foo`) is trailing prose, trimmed and recorded',
  'jsonrepair-0409': 'of several roots (`{"a":2}{}`) the first is taken and the others counted (otherValidCandidates)',
  'jsonrepair-0412': 'leading prose is trimmed and the cut-off `[` closed as a truncated array (as in json/conformance/skip.json)',
  // A member cut off at the end of the text is dropped and recorded, never given an
  // invented value (jsonrepair fills null or 0; json_repair and partial_json drop it, as here).
  'jsonrepair-0102': 'a member cut off after its colon is dropped, not given null',
  'jsonrepair-0103': 'a member cut off after its key is dropped, not given null',
  'jsonrepair-0104': 'a member cut off inside its key is dropped, not given null',
  'jsonrepair-0117': 'a member cut off inside its key is dropped, not given null',
  'jsonrepair-0174': 'a member cut off after its colon is dropped, not given null',
  'jsonrepair-0373': 'a member whose number is cut off at its sign is dropped, not completed to -0',
  // json_repair: outcomes that hang on the peer's implementation, not on the text.
  'json_repair-0295': "the peer refuses a schema nested past its recursion limit; text and schema are valid",
  'json_repair-0299': 'skip_json_loads is a speed switch yet flips the peer to a refusal; without it the peer returns 1 (json_repair-0276), as Airlock does',
  'json_repair-0298': 'for a string root the whole text is the answer (as BAML does, baml-0001); the peer gives up on `True`',
  'json_repair-0348': 'an empty key is valid JSON: the strict profile forbids repairs, not valid JSON',
  // BAML: an alias replaces the name there; an Airlock alias adds a spelling and the schema's own name stays valid.
  'baml-0231': "a schema's own enum value (`INVOICE`) is accepted even when the value has an alias",
  'baml-0242': "a schema's own enum values are kept even when they have aliases (BAML drops them from the list)",
  'baml-0260': "a schema's own field names are accepted even when the fields have aliases",
};
