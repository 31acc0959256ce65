# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_areachess_global_optspecs
    string join \n h/help V/version
end

function __fish_areachess_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_areachess_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_areachess_using_subcommand
    set -l cmd (__fish_areachess_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c areachess -n "__fish_areachess_needs_command" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_needs_command" -s V -l version -d 'Print version'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "play" -d 'Open the desktop app on a level or a saved game'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "test" -d 'Run rule tests written in TOML: one "ok" or "FAIL FILE:LINE:COL" line per case, then "N passed, N failed"; exit 1 if any failed'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "check" -d 'Validate level files; errors are printed as FILE:LINE:COL: MESSAGE'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "judge" -d 'Judge continuous moves in order: one outcome line each, then the resulting POS'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "perft" -d 'Count grid positions DEPTH plies ahead; the last line is "nodes N"'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "replay" -d 'Replay a grid game recorded in Game Courier notation (`P e3-e6`, `p e7-e8; q-e8`): the record written back, one numbered move per line, then "fen FEN"'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "moves" -d 'List a grid position\'s legal moves, one per line, sorted'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "bench" -d 'The grid engine to a fixed depth over a fixed set of positions of several levels: the nodes of each, then "nodes TOTAL time MS nps N" (to check a change\'s effect)'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "tune" -d 'The grid evaluation\'s weights fitted to self-play games of the levels (Texel\'s method): the error before and after, then "NAME OLD -> NEW" per weight'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "bestmove" -d 'The computer\'s choice: "info …" lines while it thinks, then "bestmove MOVE" or "gameover REASON"'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "pgn" -d 'A game as PGN (grid: standard algebraic notation; continuous: judge\'s moves), or with --read a PGN game read back: "level PATH", "move MOVE" per move, then "fen FEN" or "pos POS"'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "balance" -d 'Self-play statistics for a designer: engine-against-engine games from the level\'s setup on several threads; the last line is "white W draws D black B games N"'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "gif" -d 'A game or a level\'s demonstration as an animated GIF, drawn without a window'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "export" -d 'Write a level in another program\'s format: `--to fsf`, a Fairy-Stockfish variants.ini section on stdout, or exit 1 naming each thing it cannot express'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "uci" -d 'Speak UCI on standard input and output (grid levels; `UCI_Variant` picks a shipped level, `LevelFile` any level file)'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "xboard" -d 'Speak the XBoard/CECP protocol on standard input and output (grid levels)'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "match" -d 'Play games between two players (engine, engine:DEPTH, engine@MS, random, greedy, computer:N): one line per game, then "score white W draws D black B"'
complete -c areachess -n "__fish_areachess_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c areachess -n "__fish_areachess_using_subcommand play" -l time -d 'A clock per side: MIN+INC, minutes each and seconds added after every move (5+3; 0.5+0 is sudden death)' -r
complete -c areachess -n "__fish_areachess_using_subcommand play" -l screenshot -d 'Save a PNG of the window to FILE through Bevy\'s screenshot API, then exit' -r -F
complete -c areachess -n "__fish_areachess_using_subcommand play" -l after-frames -d 'With --screenshot: how many frames to draw first' -r
complete -c areachess -n "__fish_areachess_using_subcommand play" -l drive -d 'Pointer and key steps to play once the window has drawn its first frames, e.g. "move e2; press; move e4; release" (see src/ui/drive.rs)' -r
complete -c areachess -n "__fish_areachess_using_subcommand play" -l white -d 'Who plays White: human, or computer (computer:N gives it a strength of its own)' -r
complete -c areachess -n "__fish_areachess_using_subcommand play" -l black -d 'Who plays Black: human, or computer (computer:N gives it a strength of its own)' -r
complete -c areachess -n "__fish_areachess_using_subcommand play" -l strength -d 'The computer\'s strength, from 1 (a beginner can win) to 5 (the longest think)' -r
complete -c areachess -n "__fish_areachess_using_subcommand play" -l size -d 'The window\'s size in logical pixels, WIDTHxHEIGHT (default 1100x760)' -r
complete -c areachess -n "__fish_areachess_using_subcommand play" -l resume -d 'Reopen the game in progress that the app saved when it last stopped'
complete -c areachess -n "__fish_areachess_using_subcommand play" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand test" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand check" -l values -d 'After each good grid level, one line per piece type: letter, name, value in centipawns, and where it comes from (estimated, level, or royal)'
complete -c areachess -n "__fish_areachess_using_subcommand check" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand judge" -l position -d 'The position to start from (default: the level\'s setup)' -r
complete -c areachess -n "__fish_areachess_using_subcommand judge" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand perft" -l fen -d 'The position (default: the level\'s setup)' -r
complete -c areachess -n "__fish_areachess_using_subcommand perft" -l divide -d 'One "MOVE COUNT" line per legal move first'
complete -c areachess -n "__fish_areachess_using_subcommand perft" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand replay" -l fen -d 'The position the game starts from (default: the level\'s setup)' -r
complete -c areachess -n "__fish_areachess_using_subcommand replay" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand moves" -l fen -d 'The position (default: the level\'s setup)' -r
complete -c areachess -n "__fish_areachess_using_subcommand moves" -l moves -d 'Moves to play first, from the FEN or the setup (e2e4 e7e5 …)' -r
complete -c areachess -n "__fish_areachess_using_subcommand moves" -l from -d 'Only the moves of the piece on this square' -r
complete -c areachess -n "__fish_areachess_using_subcommand moves" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand bench" -l depth -d 'The depth (grid: default 10, the larger boards a ply or two less; continuous: default 3)' -r
complete -c areachess -n "__fish_areachess_using_subcommand bench" -l continuous -d 'The continuous engine on continuous positions instead of the grid engine'
complete -c areachess -n "__fish_areachess_using_subcommand bench" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l games -d 'Self-play games per level' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l nodes -d 'The engine\'s nodes a move in those games' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l opening -d 'Random plies at the start of each game' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l max-plies -d 'A game still going after so many plies is a draw' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l jobs -d 'Games at once (default: one per core)' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l seed -d 'The openings\' seed' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l rounds -d 'The most rounds of the fit' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l only -d 'Fit only these weights (by name; the others stay)' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l positions -d 'Labelled positions instead of self-play, one file per level in the same order (lines `FEN;P`, P White\'s expected score from 0 to 1)' -r -F
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l squares -d 'Fit piece-square tables instead of the weights, over this many passes' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -l decay -d 'The tables\' L2 weight, per centipawn squared' -r
complete -c areachess -n "__fish_areachess_using_subcommand tune" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand bestmove" -l fen -d 'The grid position (default: the level\'s setup)' -r
complete -c areachess -n "__fish_areachess_using_subcommand bestmove" -l position -d 'The continuous position (default: the level\'s setup)' -r
complete -c areachess -n "__fish_areachess_using_subcommand bestmove" -l moves -d 'Moves played from there, as `moves` and `judge` take them' -r
complete -c areachess -n "__fish_areachess_using_subcommand bestmove" -l depth -d 'Search this many plies' -r
complete -c areachess -n "__fish_areachess_using_subcommand bestmove" -l movetime -d 'Search for this many milliseconds (the default: 1000)' -r
complete -c areachess -n "__fish_areachess_using_subcommand bestmove" -l nodes -d 'Search this many nodes' -r
complete -c areachess -n "__fish_areachess_using_subcommand bestmove" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand pgn" -l fen -d 'The grid position (default: the level\'s setup)' -r
complete -c areachess -n "__fish_areachess_using_subcommand pgn" -l position -d 'The continuous position (default: the level\'s setup)' -r
complete -c areachess -n "__fish_areachess_using_subcommand pgn" -l moves -d 'Moves played from there, as `moves` and `judge` take them' -r
complete -c areachess -n "__fish_areachess_using_subcommand pgn" -l read -d 'Read this PGN file (`-`: standard input) instead' -r -F
complete -c areachess -n "__fish_areachess_using_subcommand pgn" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l games -d 'How many games (with --values, also how many for each kind of piece)' -r
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l movetime -d 'The engines\' time a move, in milliseconds' -r
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l jobs -d 'How many games at once (default: one per core)' -r
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l shard -d 'Play only the I-th of N slices of the schedule (1/4 … 4/4), to merge later' -r
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l seed -d 'The schedule\'s seed: the same seed plays the same games' -r
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l max-plies -d 'A game still going after so many plies is adjudicated (as in match)' -r
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l json -d 'Write the tallies as JSON' -r -F
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l report -d 'Write a page with SVG plots into this folder' -r -F
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l merge -d 'Add up the JSON tallies of shards instead of playing' -r -F
complete -c areachess -n "__fish_areachess_using_subcommand balance" -l values -d 'Also measure each kind of piece\'s value by games with one side a piece short'
complete -c areachess -n "__fish_areachess_using_subcommand balance" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand gif" -l size -d 'The board\'s side in pixels' -r
complete -c areachess -n "__fish_areachess_using_subcommand gif" -l delay -d 'How long each position shows, in milliseconds (the last, three times as long)' -r
complete -c areachess -n "__fish_areachess_using_subcommand gif" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand export" -l to -d 'The format' -r -f -a "fsf\t'A Fairy-Stockfish variants.ini section'"
complete -c areachess -n "__fish_areachess_using_subcommand export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c areachess -n "__fish_areachess_using_subcommand uci" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand xboard" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand match" -l white -d 'The player with White (with --alternate: in the first game)' -r
complete -c areachess -n "__fish_areachess_using_subcommand match" -l black -d 'The player with Black (with --alternate: in the first game)' -r
complete -c areachess -n "__fish_areachess_using_subcommand match" -l games -d 'How many games' -r
complete -c areachess -n "__fish_areachess_using_subcommand match" -l movetime -d 'The engine\'s time per move, in milliseconds' -r
complete -c areachess -n "__fish_areachess_using_subcommand match" -l seed -d 'Seeds the random players and the random openings' -r
complete -c areachess -n "__fish_areachess_using_subcommand match" -l opening -d 'Each game opens with this many random plies (each pair of games with --alternate shares its opening), so that fixed-depth engines vary their games' -r
complete -c areachess -n "__fish_areachess_using_subcommand match" -l max-plies -d 'A game still going after this many plies is adjudicated: a draw on a grid; on a continuous board a material lead of 3 points or more wins, else a draw' -r
complete -c areachess -n "__fish_areachess_using_subcommand match" -l time -d 'A clock per side (MIN+INC): engines plan from it, a flag fall loses ("on-time"), and each game\'s line ends with the seconds left and the milliseconds a move' -r
complete -c areachess -n "__fish_areachess_using_subcommand match" -l alternate -d 'The players swap colours after each game; W and B then count each player\'s wins, whichever colour it had'
complete -c areachess -n "__fish_areachess_using_subcommand match" -s h -l help -d 'Print help'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "play" -d 'Open the desktop app on a level or a saved game'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "test" -d 'Run rule tests written in TOML: one "ok" or "FAIL FILE:LINE:COL" line per case, then "N passed, N failed"; exit 1 if any failed'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "check" -d 'Validate level files; errors are printed as FILE:LINE:COL: MESSAGE'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "judge" -d 'Judge continuous moves in order: one outcome line each, then the resulting POS'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "perft" -d 'Count grid positions DEPTH plies ahead; the last line is "nodes N"'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "replay" -d 'Replay a grid game recorded in Game Courier notation (`P e3-e6`, `p e7-e8; q-e8`): the record written back, one numbered move per line, then "fen FEN"'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "moves" -d 'List a grid position\'s legal moves, one per line, sorted'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "bench" -d 'The grid engine to a fixed depth over a fixed set of positions of several levels: the nodes of each, then "nodes TOTAL time MS nps N" (to check a change\'s effect)'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "tune" -d 'The grid evaluation\'s weights fitted to self-play games of the levels (Texel\'s method): the error before and after, then "NAME OLD -> NEW" per weight'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "bestmove" -d 'The computer\'s choice: "info …" lines while it thinks, then "bestmove MOVE" or "gameover REASON"'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "pgn" -d 'A game as PGN (grid: standard algebraic notation; continuous: judge\'s moves), or with --read a PGN game read back: "level PATH", "move MOVE" per move, then "fen FEN" or "pos POS"'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "balance" -d 'Self-play statistics for a designer: engine-against-engine games from the level\'s setup on several threads; the last line is "white W draws D black B games N"'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "gif" -d 'A game or a level\'s demonstration as an animated GIF, drawn without a window'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "export" -d 'Write a level in another program\'s format: `--to fsf`, a Fairy-Stockfish variants.ini section on stdout, or exit 1 naming each thing it cannot express'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "uci" -d 'Speak UCI on standard input and output (grid levels; `UCI_Variant` picks a shipped level, `LevelFile` any level file)'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "xboard" -d 'Speak the XBoard/CECP protocol on standard input and output (grid levels)'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "match" -d 'Play games between two players (engine, engine:DEPTH, engine@MS, random, greedy, computer:N): one line per game, then "score white W draws D black B"'
complete -c areachess -n "__fish_areachess_using_subcommand help; and not __fish_seen_subcommand_from play test check judge perft replay moves bench tune bestmove pgn balance gif export uci xboard match help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
