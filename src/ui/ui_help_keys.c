/* The keys each screen tells of (ui_help_keys.c): the key lines of its help page and its
 * key line under the board, in the keys this run answers to.  The game's
 * actions are named as the config file gives them (key.undo = U shows U),
 * so that the help never names a key that does something else.  What the
 * keys do stays with the screens; a screen that changes its keys changes
 * its table here. */
#include "ui_internal.h"

#include <string.h>

typedef struct {
    const char *keys, *what; /* {action}: that action's key (ui_config.c) */
} KeyHelp;

static const KeyHelp game_keys[] = {
    {"arrows, h j k l", "move the cursor (Shift or H J K L: four squares)"},
    {"Enter, space", "select the piece under the cursor / move it there"},
    {"mouse click", "the same; click a piece in hand to drop it"},
    {"Esc", "cancel the selection"},
    {"{move} or m", "type a move (full move text or short e3-e5, J@e2)"},
    {"{drop}", "choose a piece in hand to drop"},
    {"{undo} / {redo}", "undo / redo (both plies against the computer)"},
    {"{flip}", "flip the board"},
    {"{move-now}", "make the computer move now"},
    {"{hint}", "hint: the computer suggests a move for you"},
    {"{analysis} / {lines}", "analysis on/off: best lines, evaluation bar / lines 1-5"},
    {"{switch}", "switch the side to move between human and computer"},
    {"+ / -", "computer level up / down"},
    {"{new}", "new game (asks first; the game stays saved)"},
    {"{resign}", "resign"},
    {"{draw}", "offer a draw (asks first)"},
    {"{back} {forward} PgUp PgDn", "review: step back / forward"},
    {"Home End", "review: the start / back to the game"},
    {"(in review)", "arrows step, Enter continues from there, Esc ends"},
    {"E", "game report: each move judged (game over or in review)"},
    {"] / [", "report: next / previous ?! ? ?? move; E again: save"},
    {"{save}", "save as PGN"},
    {"{open}", "open a PGN file"},
    {"{tutorial}", "tutorial: the pieces and their moves"},
    {"{help}, F1", "this help"},
    {"{quit}", "quit (the game is kept)"},
    {NULL, NULL},
};

static const KeyHelp tutorial_keys[] = {
    {"arrows, h j k l", "move the cursor"},
    {"Enter, space", "select a piece (either side's) / move it there"},
    {"mouse click", "the same"},
    {"Esc", "cancel the selection"},
    {"c", "choose a piece to learn (the catalogue)"},
    {"e", "the rule text's examples"},
    {"L", "lessons"},
    {"z", "puzzles of the variant (q comes back here)"},
    {"p", "place a piece at the cursor"},
    {"x / X", "remove the piece at the cursor / clear the board"},
    {"d", "drop a piece from the hand"},
    {"u", "take back a move"},
    {"f", "flip the board"},
    {"?, F1", "this help"},
    {"q, t", "back to the game"},
    {"(in a lesson)", ""},
    {"n ] PgDn", "next page"},
    {"b [ PgUp", "previous page"},
    {"r", "this page again"},
    {NULL, NULL},
};

static const KeyHelp drill_keys[] = {
    {"arrows, h j k l", "move the cursor"},
    {"Enter, space", "select a piece / move it there"},
    {"mouse click", "the same"},
    {"Esc", "cancel the selection"},
    {"m or :", "type a move"},
    {"n", "a new start"},
    {"f", "flip the board"},
    {"?, F1", "this help"},
    {"q", "back"},
    {"", ""},
    {"", "You play White; the endgame table defends, delaying"},
    {"", "mate the longest.  The end compares your moves with"},
    {"", "the shortest mate."},
    {NULL, NULL},
};

static const KeyHelp puzzle_keys[] = {
    {"arrows, h j k l", "move the cursor"},
    {"Enter, space", "select a piece / move it there"},
    {"mouse click", "the same"},
    {"Esc", "cancel the selection"},
    {"m or :", "type a move"},
    {"n", "the next puzzle (one not solved counts as seen)"},
    {"f", "flip the board"},
    {"?, F1", "this help"},
    {"q", "back"},
    {"", ""},
    {"", "Find the winning line: each move is judged, the"},
    {"", "defence answers; a wrong move shows the solution."},
    {"", "The puzzle rating (Elo, from 1200) and the streak"},
    {"", "are kept in the state directory (puzzles.txt)."},
    {NULL, NULL},
};

/* tmpl with each {action} replaced by its key. */
static void expand(const Ui *u, const char *tmpl, char *out, int len)
{
    int n = 0;
    for (const char *s = tmpl; *s && n < len - 1; s++) {
        const char *end = *s == '{' ? strchr(s, '}') : NULL;
        if (end) {
            char name[32];
            int k = (int)(end - s - 1);
            snprintf(name, sizeof name, "%.*s", k < 31 ? k : 31, s + 1);
            int key = ui_config_action_key(&u->cfg, name);
            if (key > 0) {
                out[n++] = (char)key;
                s = end;
                continue;
            }
        }
        out[n++] = *s;
    }
    out[n] = 0;
}

int ui_key_help(const Ui *u, char (*lines)[UI_HELP_LINE], int max)
{
    const KeyHelp *t = u->mode.keys_of == UI_KEYS_DRILL ? drill_keys
        : u->mode.keys_of == UI_KEYS_PUZZLE ? puzzle_keys
        : u->mode.keys_of == UI_KEYS_TUTORIAL || u->mode.tutorial ? tutorial_keys : game_keys;
    const char *title = u->mode.keys_of == UI_KEYS_DRILL ? "Keys of the checkmate drill"
        : u->mode.keys_of == UI_KEYS_PUZZLE ? "Keys of the puzzles"
        : t == tutorial_keys ? "Keys of the tutorial" : "Keys";
    int n = 0;
    if (max > 0)
        snprintf(lines[n++], UI_HELP_LINE, "%s", title);
    for (; t->keys && n < max; t++) {
        char keys[64];
        expand(u, t->keys, keys, sizeof keys);
        snprintf(lines[n++], UI_HELP_LINE, "  %-17s %s", keys, t->what);
    }
    return n;
}

void ui_key_line(const Ui *u, bool in_lesson, char *out, int len)
{
    const char *tmpl;
    if (u->mode.keys_of == UI_KEYS_DRILL)
        tmpl = "arrows Enter move  m type a move  n new start  f flip  ? help  q back";
    else if (u->mode.keys_of == UI_KEYS_PUZZLE)
        tmpl = "arrows Enter move  m type a move  n next puzzle  f flip  ? help  q back";
    else if (u->mode.keys_of == UI_KEYS_TUTORIAL || u->mode.tutorial)
        /* In a lesson the keys of its own come first; Enter is told by
         * the exercise's text, so the line keeps to 79 columns with z. */
        tmpl = in_lesson ? "n next  b prev  r again  L lessons  c pieces  z puzzles  ? help  q back"
                         : "Enter move  L lessons  c pieces  e examples  p place  z puzzles  ? help  q back";
    else if (u->review.reviewing)
        tmpl = "review: arrows {back} {forward} step  Home/End  Enter play from here  Esc back  {help} help";
    else
        tmpl = "arrows/hjkl move  Enter select  {move} move  {drop} drop  {undo}/{redo} undo/redo  {help} help  "
               "{quit} quit";
    expand(u, tmpl, out, len);
}
