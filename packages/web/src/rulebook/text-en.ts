// The player's rulebook in English, after seed 000 (full rules) and the rulings R1-R38.
import type { RulebookText } from './content.js';
import { keyboardChapter } from './keyboard-chapter.js';
import { TABLELAYOUT_EN } from '../i18n/en/tablelayout.js';
import { COMMANDS_EN } from '../i18n/en/commands.js';

const text: RulebookText = {
  ui: {
    contents: 'Contents',
    search: 'Search the rules',
    noMatch: 'No chapter mentions this.',
    close: 'Close',
    matches: '{n} chapters mention this',
    term: 'Term',
    source: 'source',
  },
  chapters: {
    overview: [
      {
        p: 'One player is the Recruiter of Mind MGMT, moving in secret through the city of Zanzibar to contact recruits. Everyone else plays the rogue agents, who work together to find and capture the Recruiter.',
      },
      {
        list: [
          'The Recruiter writes each move on a secret map; nobody else sees it. Features they visit that match their 3 secret feature cards give recruits.',
          'The agents move four figures on the board and ask questions. The answers are step tokens and notes on the board: clues to where the Recruiter has been.',
          'A round is: Recruiter turn, agents activate 2 agents, Recruiter turn, agents activate the other 2. Each Recruiter turn is one hour on the time track.',
        ],
      },
      { see: ['winning', 'training'], text: 'How each side wins, and the shorter Training Mission:' },
    ],
    setup: [
      { p: 'The table does the bookkeeping; the choices are yours. In the Full Game, in this order:' },
      {
        steps: [
          'Mayhem: 5 mayhem tokens go on edges between two locations, the Recruiter first, then the players in turn. Two tokens may not touch.',
          'The Recruiter picks (or draws) a recruiter card, kept secret; both cards are shown to the agents as potential recruiter cards.',
          'The Recruiter chooses a secret start location and gets 3 secret feature cards; every matching feature on the secret map is circled.',
          'The Recruiter makes 4 hidden steps (times 02:00 to 05:00). Recruits from locations 1 to 5 are revealed as one number on 01:00-05:00.',
          'The Recruiter places the 4 immortals on 4 different locations, not on the outside edge.',
          'The agents place their figures on outside-edge locations (highlighted below), then the 2nd mind slip token on a location next to a temple (orthogonally or diagonally).',
          '2 feature cards are drawn face up for immortal recruiting. The Recruiter takes the first turn.',
        ],
      },
      {
        diagram: 'board',
        caption:
          'Our board: the outside edge (blue) is where agents start; temples are marked. Immortals may not start on the edge.',
      },
      {
        p: 'Seats: with 2 players one plays all 4 agents; with 3, two each; with 4, one each and the 4th is shared; with 5, one each.',
      },
    ],
    'recruiter-turn': [
      {
        p: 'On each turn the Recruiter, in any order: takes 1 action (a step or a mind slip), may move 1 immortal, and after that may pay for a 2nd immortal move. Then immortal cards are refilled to 2 and the time token advances one hour.',
      },
      {
        diagram: 'step',
        caption:
          'A step: to an orthogonally adjacent location. Diagonal only to or from a temple. Never to a visited location, never across mayhem.',
      },
      {
        list: [
          'Write the next number on the secret map: it always matches the time token.',
          'You may step onto an agent’s location; nobody is told.',
          'Each circled feature at the new location contacts 1 recruit (kept secret until the next red alert).',
          'If you have no legal step and no usable mind slip when you must act, the agents win at once (boxed in).',
        ],
      },
      {
        p: 'Mind slip: discard a mind slip token to move as your recruiter card says: exactly 2 locations in a straight line, over visited locations and mayhem. Only the landing counts: it must be unvisited and the jumped location gives nothing. The token goes on the time track, so the agents learn a slip was used, not which way.',
      },
      {
        p: '2nd mind slip: stepping or landing on the location with the 2nd mind slip token acquires it in secret. It stays on the board until you use it. A token placed where you have already been can never be acquired.',
      },
      {
        p: 'Red alert: when the time token reaches a red hour (07, 09, 11, 13, 15), reveal how many recruits you contacted on this turn and the previous one, as a single number.',
      },
      { see: ['immortals', 'recruiter-cards', 'winning'], text: 'See also:' },
    ],
    immortals: [
      {
        p: 'The Recruiter controls 4 immortals on the board. They guard locations and can contact recruits of their own.',
      },
      {
        diagram: 'immortal-move',
        caption:
          'An immortal moves 1 location in any of 8 directions; mayhem blocks only the edge it lies on; never onto another immortal.',
      },
      {
        list: [
          'An agent on an immortal’s location may not ask, reveal or capture (it may shake the immortal down).',
          'No agent may ask about a feature shown on any location that holds an immortal.',
          'Extra immortal move (once per turn, after the first): place a step token on a location you visited that has no step token or confirmed note, then move an immortal again. It tells the agents you were there.',
        ],
      },
      {
        p: 'Immortal recruiting: 2 face-up feature cards lie under IMMORTAL RECRUITING. When 2 immortals stand on 2 different locations that both show one of those features, 1 recruit is revealed at once and that card is discarded. It is checked at the start of the Recruiter’s turn and after each immortal move; both cards may score in one turn. Locations at or orthogonally next to Henry Lyme do not count.',
      },
    ],
    mayhem: [
      { p: 'Full Game only. A mayhem token lies on the edge between two orthogonally adjacent locations.' },
      {
        diagram: 'mayhem',
        caption:
          'Nobody crosses a mayhem edge orthogonally: not the Recruiter, not agents, not immortals. Diagonal moves are never blocked.',
      },
      { p: 'A mind slip jumps over mayhem. Two mayhem tokens may not touch, not even at a corner.' },
    ],
    'agents-turn': [
      {
        p: 'The agents activate 2 agents that have not been activated this round, one after the other. Each activated agent may, in this order:',
      },
      {
        steps: [
          'Move up to 2 locations, orthogonally (diagonally only to or from a temple), changing direction as you like.',
          'Take 1 action: ask, reveal, shakedown or capture. Once the action is taken, the movement is over.',
        ],
      },
      {
        diagram: 'agent-move',
        caption: 'Where an agent can end its movement: 2 orthogonal moves, mayhem blocks, a temple opens diagonals.',
      },
      {
        list: [
          'Agents pass through and stop on immortals and other agents.',
          'A free action (Bill Falls, Dusty) and the ally may be used before or after the movement or after the action, never in the middle of the movement.',
          'After both halves of the round all agents stand up again.',
        ],
      },
      { see: ['ask', 'reveal', 'shakedown', 'capture', 'abilities'], text: 'The actions:' },
    ],
    ask: [
      { p: 'Choose one feature of your agent’s location and ask: “Have you visited a location with this feature?”' },
      {
        list: [
          'If yes, the Recruiter must place a step token on one visited location with that feature that has no step token and no confirmed note; the Recruiter chooses which.',
          'If there is none, the answer is “cannot place”, without saying why. That is a clue too: note it.',
          'The Recruiter’s current location counts as visited.',
          'Not allowed on a location with an immortal, nor for a feature shown on any location holding an immortal. A temple is not a feature.',
        ],
      },
      { see: ['reveal', 'mental-notes'], text: 'Follow a step token up with:' },
    ],
    reveal: [
      {
        p: 'On a location with a step token (and no immortal), remove the step token: the Recruiter places a confirmed (green) note with the time they were there.',
      },
      { p: 'A confirmed note pins one point of the path; count from it to where the Recruiter can be now.' },
    ],
    shakedown: [
      { p: 'Full Game only. Your agent must be on a location with an immortal.' },
      {
        steps: [
          'Name any feature of the board. If it is one of the Recruiter’s 3 secret cards, the card is exposed face up: that feature gives the Recruiter nothing from now on.',
          'Hit or miss, you may then push that immortal 1 location orthogonally, following the immortal movement rules (not across mayhem, not onto another immortal, not off the board).',
        ],
      },
      { p: 'Naming a card already exposed is allowed and tells nothing new.' },
    ],
    capture: [
      {
        p: 'Try to capture the Recruiter at your agent’s location. If the Recruiter is there, the agents win at once. Otherwise it is a miss, announced to everyone, and play goes on.',
      },
      { p: 'Not allowed on a location with an immortal. A miss is worth a mental note.' },
    ],
    abilities: [
      { p: 'Full Game only. Each agent has one ability, usable once per activation.' },
      {
        list: [
          'Meru, Psychic Crosshairs (action): ask “Are you on my location or within 2 locations in a straight orthogonal line?” The answer is yes or no; mayhem is ignored; not on an immortal’s location.',
          'Henry Lyme, Mental Block (always on): immortals cannot recruit on Henry’s location or any location orthogonally next to it.',
          'Bill Falls, Detect Weakness (free action): move 1 immortal that is orthogonally next to Bill 1 location orthogonally (immortal rules apply; not an immortal on Bill’s own location).',
          'Dusty, Neuro-Rhythm (free action): move any one agent up to 1 location, plus 1 for each exposed recruiter feature card, with agent movement rules.',
          'Black Ops Dolphin (ally, once per game, any agent): declare it with an ask, before the answer. The Recruiter must place step tokens on every visited location with that feature that has no step token or confirmed note.',
        ],
      },
      {
        diagram: 'meru',
        caption: 'Psychic Crosshairs covers Meru’s location and up to 2 locations in each orthogonal line.',
      },
    ],
    'recruiter-cards': [
      {
        p: 'The recruiter card decides how the Recruiter mind slips. Both cards are shown to the agents as potential recruiter cards; only the Recruiter knows which one is real.',
      },
      {
        list: [
          'Carl Box, Elemental Advertising: 2 locations in a straight orthogonal line.',
          'The Girl with the Pipe, Smoke Screen: 2 locations in a straight diagonal line.',
        ],
      },
      {
        diagram: 'mind-slip',
        caption:
          'Mind slip landings from the violet location: Carl Box (red) orthogonal, the Girl with the Pipe (green) diagonal.',
      },
      { p: 'A mind slip must be used in full: no shorter jump, no bluff.' },
    ],
    'mental-notes': [
      {
        p: 'Mental notes are the agents’ memory. Click a location to write one: a time range (from, to), features crossed out, a short text. On this table, notes are unlimited and every player sees them.',
      },
      {
        list: [
          'White notes are yours; green confirmed notes come from a reveal and show an exact time.',
          'After “cannot place”, note the time and cross out the feature on the locations that have it: a step token there later means the Recruiter came after that time.',
          'Mark missed captures too.',
        ],
      },
      {
        p: 'The deduction assistant, when the table turns it on, does this counting for you; without it, notes are how you think.',
      },
    ],
    winning: [
      {
        list: [
          'The Recruiter wins at once when revealed recruits reach 12 (Training: 9). Contacts not yet revealed do not count until a red alert shows them.',
          'The Recruiter wins when a turn moves the time token to 16:00 (Training: 14:00); the agents get no turn after it.',
          'The agents win at once by a capture on the Recruiter’s location, or when the Recruiter is boxed in.',
          'A side may resign. When several people play the agents, one player’s “Resign” asks the others first; if they refuse or do not answer within a minute, that player leaves instead.',
          'The players may also agree to abandon a game: anyone in their seat can “Propose to abandon”, and if every other person at the table accepts within a minute, the game ends with no winner and is not rated. One refusal, or no answer, and the game goes on.',
          'Time: a table may give each seat a time bank plus an increment per turn (real time), or a time per move (turn-based); each seat’s clock is on the player panel and runs only while the game waits on that seat.',
          'A seat that runs out of time, or whose player chooses “Leave the table”, is played on by a stand-in bot while another person at the table still plays; the player can take the seat back at its next turn. Only when nobody else plays does running out of time lose the game. A game you left counts as a loss and as not finished on your record.',
        ],
      },
    ],
    training: [
      { p: 'The Training Mission teaches the core of the game. Compared with the Full Game:' },
      {
        list: [
          'No mayhem, no immortals, no 2nd mind slip token, no agent abilities, no ally, no shakedown.',
          'The Recruiter’s start location is public: a confirmed note “1” marks it.',
          'The Recruiter wins with 9 recruits or at 14:00.',
        ],
      },
    ],
    companion: [
      {
        p: 'Own the box? The companion plays the Recruiter while you play the rogue agents on your own table. Open “Companion for the board game” in the lobby, choose the game type and how strong the Recruiter is, and set up your board as usual, without the Recruiter’s screen: the secret map stays in the app.',
      },
      {
        steps: [
          'Do what the app lists under “Put on your board”: mayhem, immortals, step tokens, confirmed notes, the time token and the recruit token. It says only what a player at the table would see.',
          'Move the agents on your board and tap the same move on the app’s compact board: the agent to activate it, the location it moves to, then its action (Ask and the feature, Reveal, Capture, …). Each entry is one or two taps and is played at once.',
          'A slip of the finger? “Undo entry” takes your last entry back as long as nothing has been answered or revealed since.',
          'When the game ends, the app shows the Recruiter’s whole secret path, hour by hour, to check against your notes.',
        ],
      },
      {
        p: 'The game is kept in this browser and plays without a connection once the app is loaded; “Resume the companion game” picks it up after the page was closed. Companion games are never rated.',
      },
    ],
    controls: [
      {
        p: 'At the table every choice is played on one click (or tap): a highlighted location, or a button under the board. There is no Confirm.',
      },
      {
        list: [
          'Undo, under the board, takes back your last action, one click per action, as long as nothing has been revealed since: activating an agent, moving it, a push, Bill Falls’ and Dusty’s free actions, and in the Recruiter’s Full Game turn the step, the mind slip and the immortal move.',
          'Final at once, because they reveal something or hand the table over: an Ask and its answer, a Reveal, a Shakedown, a Capture, Meru’s scan, the extra immortal move, ending an activation or a turn, and every setup placement.',
          'Only two clicks ask before they are played, once: a Capture, and ending your turn or activation while you could still act.',
          'While the Recruiter can still take a step back, the agents see nothing of that turn; they see it whole when it is settled.',
          'A click on a location that is not a choice says why, in one line; nothing is played.',
        ],
      },
      {
        p: 'After the game, “Analysis” (in the end dialog and in the replay) shows how the hunt went. After every agent activation and every Recruiter turn it counts the locations where the Recruiter could still have been, from what the agents knew then: fewer means the agents were closing in. The chart puts that count and those locations beside where the Recruiter really was, half-round by half-round; the table gives, for each row, what the expert bot would have played there (for the agents with its chance of a capture). The three moments that changed the most are told in words. The server computes it once the game is over, never before.',
      },
    ],
    offline: [
      {
        p: 'A solo game can run entirely in your browser: on the home page choose your side, the bot’s level and the mode, then “Play offline”. Once the page has been opened online, it needs no connection: the engine and the bot run on your device, and the game is saved there after every move.',
      },
      {
        list: [
          'Close the tab or let the phone sleep: the game is listed under “Offline games in this browser” on the home page; “Resume” continues it.',
          'The bots are the same as on the server, at every level, in the Training Mission and the Full Game.',
          'At the end: “Replay” and “Export game record” work offline; “Upload to my history” adds the game to your profile once you are online.',
          'Offline games are never rated: your browser holds the Recruiter’s secrets, so nobody can tell that you did not look.',
        ],
      },
    ],
    keyboard: keyboardChapter({ ...TABLELAYOUT_EN, ...COMMANDS_EN }),
    words: [
      {
        p: 'The words this edition uses in English, Chinese and Japanese. Chinese comes from the Chinese rules summary and Japanese from the Japanese guide wherever they name the term.',
      },
    ],
  },
};

export default text;
