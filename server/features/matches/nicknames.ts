/*
 * First names that people use for one another (docs/decisions/033-list-matching.md). Each row is
 * one group: the formal name first, then the short forms a recruiter's list may hold instead.
 * A name may sit in several groups ('chris', 'alex', 'pat'); two names agree when they share a
 * group. Lower case, accents folded. People review this table: add a row, never a rule.
 */
export const NICKNAME_GROUPS: readonly (readonly string[])[] = [
  ['abigail', 'abby', 'gail'],
  ['abraham', 'abe'],
  ['albert', 'al', 'bert'],
  ['alexander', 'alex', 'al', 'sandy', 'xander'],
  ['alexandra', 'alex', 'alexa', 'sandra', 'sandy', 'lexi'],
  ['alfred', 'al', 'alf', 'fred'],
  ['allison', 'ali', 'allie'],
  ['andrew', 'andy', 'drew'],
  ['angela', 'angie'],
  ['anthony', 'tony'],
  ['antonio', 'tony'],
  ['barbara', 'barb', 'barbie'],
  ['benjamin', 'ben', 'benny', 'benji'],
  ['bradley', 'brad'],
  ['catherine', 'cathy', 'kate', 'katie', 'cat'],
  ['katherine', 'kathy', 'kate', 'katie', 'kat', 'kathryn'],
  ['charles', 'charlie', 'chuck', 'chas'],
  ['christina', 'chris', 'tina', 'christy'],
  ['christine', 'chris', 'christy'],
  ['christopher', 'chris', 'topher', 'kit'],
  ['cynthia', 'cindy'],
  ['daniel', 'dan', 'danny'],
  ['david', 'dave', 'davey'],
  ['deborah', 'debbie', 'deb', 'debra'],
  ['donald', 'don', 'donny'],
  ['douglas', 'doug'],
  ['edward', 'ed', 'eddie', 'ted', 'ned'],
  ['eleanor', 'ellie', 'nora'],
  ['elizabeth', 'liz', 'beth', 'betsy', 'betty', 'eliza', 'lizzie', 'libby', 'liza'],
  ['emily', 'em', 'emmy'],
  ['frances', 'fran', 'frannie'],
  ['francis', 'frank'],
  ['frederick', 'fred', 'freddie'],
  ['gabriel', 'gabe'],
  ['gabriela', 'gabby', 'gaby'],
  ['gerald', 'gerry', 'jerry'],
  ['gregory', 'greg'],
  ['harold', 'harry', 'hal'],
  ['henry', 'hank', 'harry'],
  ['isabella', 'bella', 'izzy'],
  ['jacob', 'jake'],
  ['james', 'jim', 'jimmy', 'jamie'],
  ['jeffrey', 'jeff'],
  ['jennifer', 'jen', 'jenny', 'jenn'],
  ['jessica', 'jess', 'jessie'],
  ['john', 'jack', 'johnny', 'jon'],
  ['jonathan', 'jon', 'jonny', 'nathan'],
  ['joseph', 'joe', 'joey'],
  ['joshua', 'josh'],
  ['judith', 'judy'],
  ['julia', 'julie'],
  ['kenneth', 'ken', 'kenny'],
  ['kimberly', 'kim'],
  ['lawrence', 'larry'],
  ['leonard', 'leo', 'len', 'lenny'],
  ['margaret', 'maggie', 'meg', 'peggy', 'marge', 'margie', 'greta'],
  ['matthew', 'matt'],
  ['michael', 'mike', 'mikey', 'mick', 'mickey'],
  ['michelle', 'shelly', 'micki'],
  ['nathaniel', 'nate', 'nathan', 'nat'],
  ['nicholas', 'nick', 'nicky'],
  ['nicole', 'nikki', 'nicky'],
  ['olivia', 'liv', 'livvy'],
  ['pamela', 'pam'],
  ['patricia', 'pat', 'patty', 'trish', 'tricia'],
  ['patrick', 'pat', 'paddy'],
  ['peter', 'pete'],
  ['philip', 'phil'],
  ['phillip', 'phil'],
  ['rebecca', 'becky', 'becca'],
  ['raymond', 'ray'],
  ['richard', 'rick', 'ricky', 'dick', 'rich', 'richie'],
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'],
  ['ronald', 'ron', 'ronnie'],
  ['samuel', 'sam', 'sammy'],
  ['samantha', 'sam', 'sammy'],
  ['sarah', 'sally', 'sadie'],
  ['stephanie', 'steph'],
  ['stephen', 'steve', 'stevie'],
  ['steven', 'steve', 'stevie'],
  ['susan', 'sue', 'susie', 'suzy'],
  ['theodore', 'ted', 'teddy', 'theo'],
  ['thomas', 'tom', 'tommy'],
  ['timothy', 'tim', 'timmy'],
  ['victoria', 'vicky', 'tori'],
  ['vincent', 'vince', 'vinny'],
  ['walter', 'walt', 'wally'],
  ['william', 'bill', 'billy', 'will', 'willy', 'liam'],
  ['zachary', 'zach', 'zack'],
];

const GROUPS_BY_NAME = new Map<string, number[]>();
NICKNAME_GROUPS.forEach((group, index) => {
  for (const name of group) {
    const groups = GROUPS_BY_NAME.get(name);
    if (groups) groups.push(index);
    else GROUPS_BY_NAME.set(name, [index]);
  }
});

/** True when two (folded, lower-case) first names are the same person's by the table. */
export function nicknamesAgree(a: string, b: string): boolean {
  const left = GROUPS_BY_NAME.get(a);
  const right = GROUPS_BY_NAME.get(b);
  if (!left || !right) return false;
  return left.some((group) => right.includes(group));
}
