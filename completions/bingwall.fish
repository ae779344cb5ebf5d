# fish completion for bingwall(1).
# Generated from bingwall's command table; do not edit. Regenerate with:
#   swift run bingwall completions fish > completions/bingwall.fish

function __bingwall_takes_value --description 'Whether the option word takes a value'
    contains -- $argv[1] --config --source --market -m --resolution -r --days --backend --mode --seed --limit --since --keep --older-than --max-size --from --output -o --rotate --method --user
end

function __bingwall_subcommand --description 'The subcommand a word names, if any'
    switch "$argv[1]/$argv[2]"
        case bingwall/update
            echo update
        case bingwall/apply
            echo apply
        case bingwall/random
            echo random
        case bingwall/next
            echo next
        case bingwall/previous bingwall/prev
            echo previous
        case bingwall/list bingwall/history
            echo list
        case bingwall/show
            echo show
        case bingwall/search
            echo search
        case bingwall/favorite
            echo favorite
        case bingwall/unfavorite
            echo unfavorite
        case bingwall/ban
            echo ban
        case bingwall/prune
            echo prune
        case bingwall/export
            echo export
        case bingwall/import
            echo import
        case bingwall/gallery
            echo gallery
        case bingwall/doctor
            echo doctor
        case bingwall/sources
            echo sources
        case bingwall/backends
            echo backends
        case bingwall/outputs
            echo outputs
        case bingwall/status
            echo status
        case bingwall/daemon
            echo daemon
        case bingwall/config
            echo config
        case bingwall/autostart
            echo autostart
        case bingwall/greeter
            echo greeter
        case bingwall/completions
            echo completions
        case bingwall/help
            echo help
        case bingwall/config/path
            echo path
        case bingwall/config/show
            echo show
        case bingwall/config/keys
            echo keys
        case bingwall/config/get
            echo get
        case bingwall/config/set
            echo set
        case bingwall/config/unset
            echo unset
        case bingwall/config/edit
            echo edit
        case bingwall/autostart/enable
            echo enable
        case bingwall/autostart/disable
            echo disable
        case bingwall/autostart/status
            echo status
        case bingwall/greeter/set
            echo set
        case bingwall/greeter/status
            echo status
        case bingwall/greeter/unset
            echo unset
        case bingwall/greeter/enable
            echo enable
        case bingwall/greeter/disable
            echo disable
    end
end

function __bingwall_children --description 'The subcommands of a command path'
    switch $argv[1]
        case bingwall
            echo 'update	Fetch the newest pictures of the day and store the new ones.'
            echo 'apply	Set a stored picture, or an image file, as the wallpaper.'
            echo 'random	Set a random stored picture as the wallpaper.'
            echo 'next	Set the picture of the day after the one on screen.'
            echo 'previous	Set the picture of the day before the one on screen.'
            echo 'prev	Set the picture of the day before the one on screen.'
            echo 'list	List stored pictures, newest first.'
            echo 'history	List stored pictures, newest first.'
            echo 'show	Show one stored picture: its title, story and file.'
            echo 'search	Find stored pictures by their titles, captions and credits, newest first.'
            echo 'favorite	Mark pictures as favourites, for random --favorites and the daemon\'s --favorites rotation.'
            echo 'unfavorite	Take the favourite mark off pictures: the same as favorite --remove.'
            echo 'ban	Ban pictures: random, the daemon\'s rotation and update never set them.'
            echo 'prune	Delete pictures by the retention policy; favourites and the wallpaper stay.'
            echo 'export	Copy pictures into a folder with readable names, plus their metadata.'
            echo 'import	Import pictures: a bingwall export, a folder of JPEGs or one JPEG.'
            echo 'gallery	Write a static HTML page of the whole history, newest first.'
            echo 'doctor	Check the history, its files, the config and the desktop; --fix repairs.'
            echo 'sources	List the sources of pictures of the day, and which are on.'
            echo 'backends	List the wallpaper backends: available, detected, selected.'
            echo 'outputs	List the connected screens: size, position, scale, rotation, primary.'
            echo 'status	Show the current wallpaper, the last update and its result, and what is scheduled.'
            echo 'daemon	Keep the wallpaper fresh while it runs: new pictures as Bing publishes them, and rotation.'
            echo 'config	Show or change the configuration.'
            echo 'autostart	Start bingwall at login, or update every hour, without you.'
            echo 'greeter	Put a stored picture on the login screen (run as root).'
            echo 'completions	Print the shell completion script for bash, zsh or fish.'
            echo 'help	Show help for a command.'
        case bingwall/config
            echo 'path	Print the path of the config file.'
            echo 'show	Print every key\'s effective value and where it came from.'
            echo 'keys	List every key with its type, default and meaning.'
            echo 'get	Print one key\'s effective value.'
            echo 'set	Check a value and write it to the config file.'
            echo 'unset	Return a key to its default, taking its line out of the file.'
            echo 'edit	Edit the config file in your editor, checked before it is saved.'
        case bingwall/autostart
            echo 'enable	Install and start an autostart entry.'
            echo 'disable	Remove the autostart entries bingwall installed.'
            echo 'status	Show which autostart methods are on.'
        case bingwall/greeter
            echo 'set	Put a picture (default: the newest) on the login screen.'
            echo 'status	Show the greeters, which one is active, and what bingwall set.'
            echo 'unset	Put each greeter\'s picture back as it was.'
            echo 'enable	Refresh the login screen daily from a user\'s history (a root timer).'
            echo 'disable	Stop and remove the daily timer.'
    end
end

function __bingwall_config_key_values --description 'The values a config key takes'
    switch $argv[1]
        case 'markets'
            printf '%s\n' 'ROW' 'ar-XA' 'bg-BG' 'cs-CZ' 'da-DK' 'de-AT' 'de-CH' 'de-DE' 'el-GR' 'en-AU' 'en-CA' 'en-GB' 'en-ID' 'en-IE' 'en-IN' 'en-MY' 'en-NZ' 'en-PH' 'en-SG' 'en-US' 'en-XA' 'en-ZA' 'es-AR' 'es-CL' 'es-ES' 'es-MX' 'es-US' 'es-XL' 'et-EE' 'fi-FI' 'fr-BE' 'fr-CA' 'fr-CH' 'fr-FR' 'he-IL' 'hr-HR' 'hu-HU' 'it-IT' 'ja-JP' 'ko-KR' 'lt-LT' 'lv-LV' 'nb-NO' 'nl-BE' 'nl-NL' 'pl-PL' 'pt-BR' 'pt-PT' 'ro-RO' 'ru-RU' 'sk-SK' 'sl-SI' 'sv-SE' 'th-TH' 'tr-TR' 'uk-UA' 'zh-CN' 'zh-HK' 'zh-TW'
        case 'sources'
            printf '%s\n' 'bing' 'spotlight' 'apod' 'wikimedia' 'earth-observatory'
        case 'resolution'
            printf '%s\n' 'UHD' '1920x1200' '1920x1080' '1366x768' '1280x768' '1280x720' '1024x768' '800x600' '800x480' '640x480' '1080x1920' '768x1280' '720x1280' '480x800'
        case 'backend'
            printf '%s\n' 'auto' 'gnome' 'cinnamon' 'mate' 'deepin' 'xfce' 'kde' 'cosmic' 'lxde' 'lxqt' 'sway' 'hyprland' 'wayfire' 'swaybg' 'swww' 'wpaperd' 'feh' 'xwallpaper' 'nitrogen' 'hsetroot' 'portal' 'command' 'none'
        case 'mode'
            printf '%s\n' 'auto' 'fill' 'fit' 'stretch' 'center' 'tile'
        case 'apply_on_update'
            printf '%s\n' 'true' 'false'
        case 'lock_screen'
            printf '%s\n' 'true' 'false'
        case 'daemon.favorites_only'
            printf '%s\n' 'true' 'false'
        case 'daemon.notify'
            printf '%s\n' 'true' 'false'
        case 'daemon.tray'
            printf '%s\n' 'true' 'false'
        case 'pictures.caption'
            printf '%s\n' 'true' 'false'
        case 'screens.policy'
            printf '%s\n' 'same' 'different'
        case 'screens.favorites_first'
            printf '%s\n' 'true' 'false'
        case 'network.on_metered'
            printf '%s\n' 'skip' 'allow'
        case 'network.story'
            printf '%s\n' 'true' 'false'
    end
end

function __bingwall_state --description 'The command path and the argument count before the cursor'
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l path bingwall
    set -l count 0
    set -l skip 0
    set -l ended 0
    set -l args
    for word in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        if test $ended = 0; and test "$word" = --
            set ended 1
            continue
        end
        if test $ended = 0; and string match -q -- '-?*' $word
            if not string match -q -- '*=*' $word; and __bingwall_takes_value $word
                set skip 1
            end
            continue
        end
        set -l next (__bingwall_subcommand $path $word)
        if test $ended = 0 -a $count = 0; and test -n "$next"
            set path $path/$next
        else
            set count (math $count + 1)
            set -a args $word
        end
    end
    echo $path
    echo $count
    echo $skip
    # The arguments before the cursor, one a line.
    printf '%s\n' $args
end

function __bingwall_at --description 'Whether the cursor is within the command at a path'
    set -l state (__bingwall_state)
    test "$state[1]" = $argv[1]
end

function __bingwall_argument --description 'Whether the cursor is on a path and argument number'
    set -l state (__bingwall_state)
    # On an option's value, not on an argument.
    test "$state[1]" = $argv[1]; and test $state[3] = 0; or return 1
    if string match -q -- '*+' $argv[2]
        test $state[2] -ge (string trim -r -c + -- $argv[2])
    else
        test $state[2] = $argv[2]
    end
end

function __bingwall_has_slash --description 'Whether the word at the cursor has a slash'
    string match -q -- '*/*' (commandline -ct)
end

function __bingwall_config_values --description 'The values of the config key before the cursor'
    set -l state (__bingwall_state)
    test $state[2] -gt 0; or return
    __bingwall_config_key_values $state[(math 3 + $state[2])]
end

function __bingwall_commands --description 'The commands a help topic may name next'
    set -l state (__bingwall_state)
    set -l topic bingwall
    if test $state[2] -gt 0
        for word in $state[4..(math 3 + $state[2])]
            set -l next (__bingwall_subcommand $topic $word)
            test -n "$next"; or return
            set topic $topic/$next
        end
    end
    __bingwall_children $topic
end

function __bingwall_selectors --description 'Pictures in the history: latest, current, ids, dates, keys'
    echo latest
    echo current
    command bingwall __complete selectors 2>/dev/null
end

complete -c bingwall -f
complete -c bingwall -s q -l quiet -d 'Print only errors.'
complete -c bingwall -s v -l verbose -d 'Say what happens: the backend and screens, each URL, file and failure, the conditions (with --version: the libraries).'
complete -c bingwall -l config -r -F -d 'Read the configuration from this file instead of the default one.'
complete -c bingwall -l version -d 'Show the version.'
complete -c bingwall -s h -l help -d 'Show help information.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a update -d 'Fetch the newest pictures of the day and store the new ones.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a apply -d 'Set a stored picture, or an image file, as the wallpaper.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a random -d 'Set a random stored picture as the wallpaper.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a next -d 'Set the picture of the day after the one on screen.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a previous -d 'Set the picture of the day before the one on screen.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a prev -d 'Set the picture of the day before the one on screen.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a list -d 'List stored pictures, newest first.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a history -d 'List stored pictures, newest first.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a show -d 'Show one stored picture: its title, story and file.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a search -d 'Find stored pictures by their titles, captions and credits, newest first.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a favorite -d 'Mark pictures as favourites, for random --favorites and the daemon\'s --favorites rotation.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a unfavorite -d 'Take the favourite mark off pictures: the same as favorite --remove.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a ban -d 'Ban pictures: random, the daemon\'s rotation and update never set them.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a prune -d 'Delete pictures by the retention policy; favourites and the wallpaper stay.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a export -d 'Copy pictures into a folder with readable names, plus their metadata.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a import -d 'Import pictures: a bingwall export, a folder of JPEGs or one JPEG.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a gallery -d 'Write a static HTML page of the whole history, newest first.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a doctor -d 'Check the history, its files, the config and the desktop; --fix repairs.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a sources -d 'List the sources of pictures of the day, and which are on.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a backends -d 'List the wallpaper backends: available, detected, selected.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a outputs -d 'List the connected screens: size, position, scale, rotation, primary.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a status -d 'Show the current wallpaper, the last update and its result, and what is scheduled.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a daemon -d 'Keep the wallpaper fresh while it runs: new pictures as Bing publishes them, and rotation.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a config -d 'Show or change the configuration.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a autostart -d 'Start bingwall at login, or update every hour, without you.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a greeter -d 'Put a stored picture on the login screen (run as root).'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a completions -d 'Print the shell completion script for bash, zsh or fish.'
complete -c bingwall -n '__bingwall_argument bingwall 0' -a help -d 'Show help for a command.'
complete -c bingwall -n '__bingwall_at bingwall/update' -l source -x -a 'bing spotlight apod wikimedia earth-observatory' -d 'A source to fetch from (default: config \'sources\', bing).'
complete -c bingwall -n '__bingwall_at bingwall/update' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'A Bing market to fetch (default: config \'markets\').'
complete -c bingwall -n '__bingwall_at bingwall/update' -s r -l resolution -x -a 'UHD 1920x1200 1920x1080 1366x768 1280x768 1280x720 1024x768 800x600 800x480 640x480 1080x1920 768x1280 720x1280 480x800' -d 'Picture size to download; UHD falls back to 1920x1080.'
complete -c bingwall -n '__bingwall_at bingwall/update' -l days -x -d 'Only the newest n days of each market\'s window.'
complete -c bingwall -n '__bingwall_at bingwall/update' -l force -d 'Download pictures again even when they are stored; also on a metered connection or low battery.'
complete -c bingwall -n '__bingwall_at bingwall/update' -l apply -d 'Set the newest picture, new or not; fail (exit 69) where no desktop session can show it.'
complete -c bingwall -n '__bingwall_at bingwall/update' -l no-apply -d 'Store new pictures without setting the wallpaper (config apply_on_update).'
complete -c bingwall -n '__bingwall_at bingwall/update' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/apply' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'The market to pick when several markets have the date asked for.'
complete -c bingwall -n '__bingwall_at bingwall/apply' -l backend -x -a 'auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' -d 'The wallpaper backend to use instead of config \'backend\' (see \'bingwall backends\').'
complete -c bingwall -n '__bingwall_at bingwall/apply' -l mode -x -a 'auto fill fit stretch center tile' -d 'How the picture fills the screen.'
complete -c bingwall -n '__bingwall_at bingwall/apply' -l lock-screen -d 'Also set the lock screen picture, where the desktop has one; elsewhere a warning says so.'
complete -c bingwall -n '__bingwall_argument bingwall/apply 0; and not __bingwall_has_slash' -a '(__bingwall_selectors)'
complete -c bingwall -n '__bingwall_argument bingwall/apply 0; and __bingwall_has_slash' -F
complete -c bingwall -n '__bingwall_at bingwall/random' -l favorites -d 'Pick among favourite pictures only.'
complete -c bingwall -n '__bingwall_at bingwall/random' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'Pick among pictures shown in this market.'
complete -c bingwall -n '__bingwall_at bingwall/random' -l dry-run -d 'Print the pick without applying it.'
complete -c bingwall -n '__bingwall_at bingwall/random' -l seed -x -d 'Seed the choice, to get the same pick again from the same history.'
complete -c bingwall -n '__bingwall_at bingwall/random' -l backend -x -a 'auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' -d 'The wallpaper backend to use instead of config \'backend\' (see \'bingwall backends\').'
complete -c bingwall -n '__bingwall_at bingwall/random' -l mode -x -a 'auto fill fit stretch center tile' -d 'How the picture fills the screen.'
complete -c bingwall -n '__bingwall_at bingwall/random' -l lock-screen -d 'Also set the lock screen picture, where the desktop has one; elsewhere a warning says so.'
complete -c bingwall -n '__bingwall_at bingwall/next' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'Step through the pictures of this market (default: config \'markets\').'
complete -c bingwall -n '__bingwall_at bingwall/next' -l backend -x -a 'auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' -d 'The wallpaper backend to use instead of config \'backend\' (see \'bingwall backends\').'
complete -c bingwall -n '__bingwall_at bingwall/next' -l mode -x -a 'auto fill fit stretch center tile' -d 'How the picture fills the screen.'
complete -c bingwall -n '__bingwall_at bingwall/next' -l lock-screen -d 'Also set the lock screen picture, where the desktop has one; elsewhere a warning says so.'
complete -c bingwall -n '__bingwall_at bingwall/previous' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'Step through the pictures of this market (default: config \'markets\').'
complete -c bingwall -n '__bingwall_at bingwall/previous' -l backend -x -a 'auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' -d 'The wallpaper backend to use instead of config \'backend\' (see \'bingwall backends\').'
complete -c bingwall -n '__bingwall_at bingwall/previous' -l mode -x -a 'auto fill fit stretch center tile' -d 'How the picture fills the screen.'
complete -c bingwall -n '__bingwall_at bingwall/previous' -l lock-screen -d 'Also set the lock screen picture, where the desktop has one; elsewhere a warning says so.'
complete -c bingwall -n '__bingwall_at bingwall/list' -l limit -x -d 'Show at most n pictures; 0 shows all.'
complete -c bingwall -n '__bingwall_at bingwall/list' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'A Bing market code, ll-CC; \'man bingwall.conf\' lists them.'
complete -c bingwall -n '__bingwall_at bingwall/list' -l source -x -a 'bing spotlight apod wikimedia earth-observatory' -d 'Only pictures this source showed; may be repeated.'
complete -c bingwall -n '__bingwall_at bingwall/list' -l favorites -d 'Only favourite pictures.'
complete -c bingwall -n '__bingwall_at bingwall/list' -l banned -d 'Only banned pictures.'
complete -c bingwall -n '__bingwall_at bingwall/list' -l since -x -d 'Only pictures shown on or after this date.'
complete -c bingwall -n '__bingwall_at bingwall/list' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/list' -l plain -d 'Print the tab-separated lines a pipe gets, on a terminal too.'
complete -c bingwall -n '__bingwall_at bingwall/list' -l wide -d 'Show each key whole in the table, however wide it gets.'
complete -c bingwall -n '__bingwall_at bingwall/show' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'The market to pick when several markets have the date asked for.'
complete -c bingwall -n '__bingwall_at bingwall/show' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_argument bingwall/show 0' -a '(__bingwall_selectors)'
complete -c bingwall -n '__bingwall_at bingwall/search' -l limit -x -d 'Show at most n pictures; 0 shows all.'
complete -c bingwall -n '__bingwall_at bingwall/search' -l source -x -a 'bing spotlight apod wikimedia earth-observatory' -d 'Only pictures this source showed; may be repeated.'
complete -c bingwall -n '__bingwall_at bingwall/search' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/favorite' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'The market to pick when several markets have the date asked for.'
complete -c bingwall -n '__bingwall_at bingwall/favorite' -l remove -d 'Take the mark off instead.'
complete -c bingwall -n '__bingwall_argument bingwall/favorite 0+' -a '(__bingwall_selectors)'
complete -c bingwall -n '__bingwall_at bingwall/unfavorite' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'The market to pick when several markets have the date asked for.'
complete -c bingwall -n '__bingwall_argument bingwall/unfavorite 0+' -a '(__bingwall_selectors)'
complete -c bingwall -n '__bingwall_at bingwall/ban' -s m -l market -x -a 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' -d 'The market to pick when several markets have the date asked for.'
complete -c bingwall -n '__bingwall_at bingwall/ban' -l remove -d 'Take the mark off instead.'
complete -c bingwall -n '__bingwall_argument bingwall/ban 0+' -a '(__bingwall_selectors)'
complete -c bingwall -n '__bingwall_at bingwall/prune' -l keep -x -d 'Keep the newest n pictures; 0 keeps any number.'
complete -c bingwall -n '__bingwall_at bingwall/prune' -l older-than -x -d 'Delete pictures last shown more than this many days ago; 0 keeps any age.'
complete -c bingwall -n '__bingwall_at bingwall/prune' -l max-size -x -d 'Delete the oldest pictures until the rest fit, e.g. 500MB or 2GB.'
complete -c bingwall -n '__bingwall_at bingwall/prune' -l dry-run -d 'Only list what would be deleted and the space it would free.'
complete -c bingwall -n '__bingwall_at bingwall/prune' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/export' -l favorites -d 'Only favourite pictures.'
complete -c bingwall -n '__bingwall_at bingwall/export' -l source -x -a 'bing spotlight apod wikimedia earth-observatory' -d 'Only pictures this source showed; may be repeated.'
complete -c bingwall -n '__bingwall_at bingwall/export' -l since -x -d 'Only pictures shown on or after this date.'
complete -c bingwall -n '__bingwall_argument bingwall/export 0' -a '(__fish_complete_directories (commandline -ct))'
complete -c bingwall -n '__bingwall_at bingwall/import' -l from -x -a 'neffo variety ttg pybingwallpaper mklein994 thejandroman' -d 'Import from that tool\'s default folder: neffo, variety, ttg, pybingwallpaper, mklein994, thejandroman.'
complete -c bingwall -n '__bingwall_at bingwall/import' -l source -x -a 'bing spotlight apod wikimedia earth-observatory' -d 'Only pictures this source showed (an export\'s; other files are Bing\'s); may be repeated.'
complete -c bingwall -n '__bingwall_at bingwall/import' -l dry-run -d 'Only list what would be imported, and as what.'
complete -c bingwall -n '__bingwall_argument bingwall/import 0' -F
complete -c bingwall -n '__bingwall_at bingwall/gallery' -s o -l output -r -F -d 'Write the page to this file instead of $XDG_CACHE_HOME/bingwall/gallery.html.'
complete -c bingwall -n '__bingwall_at bingwall/gallery' -l open -d 'Open the page with xdg-open once it is written.'
complete -c bingwall -n '__bingwall_at bingwall/gallery' -l source -x -a 'bing spotlight apod wikimedia earth-observatory' -d 'Only pictures this source showed; may be repeated.'
complete -c bingwall -n '__bingwall_at bingwall/doctor' -l fix -d 'Repair what can be: fetch lost or damaged pictures again, forget lost ones Bing no longer serves, adopt or remove unknown files.'
complete -c bingwall -n '__bingwall_at bingwall/doctor' -l quick -d 'Compare each file\'s size instead of its SHA-256, run SQLite\'s quick_check, and skip the check of every row\'s values.'
complete -c bingwall -n '__bingwall_at bingwall/doctor' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/sources' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/backends' -l backend -x -a 'auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' -d 'The wallpaper backend to use instead of config \'backend\' (see \'bingwall backends\').'
complete -c bingwall -n '__bingwall_at bingwall/backends' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/outputs' -l backend -x -a 'auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' -d 'The wallpaper backend to use instead of config \'backend\' (see \'bingwall backends\').'
complete -c bingwall -n '__bingwall_at bingwall/outputs' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/status' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/daemon' -l rotate -x -d 'Show another stored picture this often, e.g. 30m, 2h.'
complete -c bingwall -n '__bingwall_at bingwall/daemon' -l favorites -d 'Rotate through favourite pictures only.'
complete -c bingwall -n '__bingwall_at bingwall/daemon' -l no-update -d 'Do not fetch new pictures; only rotate.'
complete -c bingwall -n '__bingwall_argument bingwall/config 0' -a path -d 'Print the path of the config file.'
complete -c bingwall -n '__bingwall_argument bingwall/config 0' -a show -d 'Print every key\'s effective value and where it came from.'
complete -c bingwall -n '__bingwall_argument bingwall/config 0' -a keys -d 'List every key with its type, default and meaning.'
complete -c bingwall -n '__bingwall_argument bingwall/config 0' -a get -d 'Print one key\'s effective value.'
complete -c bingwall -n '__bingwall_argument bingwall/config 0' -a set -d 'Check a value and write it to the config file.'
complete -c bingwall -n '__bingwall_argument bingwall/config 0' -a unset -d 'Return a key to its default, taking its line out of the file.'
complete -c bingwall -n '__bingwall_argument bingwall/config 0' -a edit -d 'Edit the config file in your editor, checked before it is saved.'
complete -c bingwall -n '__bingwall_at bingwall/config/show' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_argument bingwall/config/get 0' -a 'markets sources resolution image_dir backend command mode apply_on_update lock_screen daemon.rotate daemon.favorites_only daemon.notify daemon.tray retention.keep retention.max_age_days retention.max_size pictures.cache_max_size pictures.dark_dim pictures.lock_blur pictures.caption screens.policy screens.favorites_first screens.pin hooks.on_change hooks.on_new hooks.timeout network.endpoint network.contact network.timeout network.ca_file network.on_metered network.story power.min_battery spotlight.endpoint apod.endpoint apod.api_key wikimedia.endpoint earth_observatory.endpoint'
complete -c bingwall -n '__bingwall_argument bingwall/config/set 0' -a 'markets sources resolution image_dir backend command mode apply_on_update lock_screen daemon.rotate daemon.favorites_only daemon.notify daemon.tray retention.keep retention.max_age_days retention.max_size pictures.cache_max_size pictures.dark_dim pictures.lock_blur pictures.caption screens.policy screens.favorites_first screens.pin hooks.on_change hooks.on_new hooks.timeout network.endpoint network.contact network.timeout network.ca_file network.on_metered network.story power.min_battery spotlight.endpoint apod.endpoint apod.api_key wikimedia.endpoint earth_observatory.endpoint'
complete -c bingwall -n '__bingwall_argument bingwall/config/set 1' -a '(__bingwall_config_values)'
complete -c bingwall -n '__bingwall_argument bingwall/config/unset 0' -a 'markets sources resolution image_dir backend command mode apply_on_update lock_screen daemon.rotate daemon.favorites_only daemon.notify daemon.tray retention.keep retention.max_age_days retention.max_size pictures.cache_max_size pictures.dark_dim pictures.lock_blur pictures.caption screens.policy screens.favorites_first screens.pin hooks.on_change hooks.on_new hooks.timeout network.endpoint network.contact network.timeout network.ca_file network.on_metered network.story power.min_battery spotlight.endpoint apod.endpoint apod.api_key wikimedia.endpoint earth_observatory.endpoint'
complete -c bingwall -n '__bingwall_argument bingwall/autostart 0' -a enable -d 'Install and start an autostart entry.'
complete -c bingwall -n '__bingwall_argument bingwall/autostart 0' -a disable -d 'Remove the autostart entries bingwall installed.'
complete -c bingwall -n '__bingwall_argument bingwall/autostart 0' -a status -d 'Show which autostart methods are on.'
complete -c bingwall -n '__bingwall_at bingwall/autostart/enable' -l method -x -a 'systemd systemd-timer xdg cron' -d 'How to start bingwall (default: chosen for this system).'
complete -c bingwall -n '__bingwall_at bingwall/autostart/enable' -l tray -d 'Also show bingwall\'s icon and menu in the panel (sets daemon.tray).'
complete -c bingwall -n '__bingwall_at bingwall/autostart/disable' -l method -x -a 'systemd systemd-timer xdg cron' -d 'Only this method (default: every method that is on).'
complete -c bingwall -n '__bingwall_at bingwall/autostart/status' -l method -x -a 'systemd systemd-timer xdg cron' -d 'Only this method.'
complete -c bingwall -n '__bingwall_at bingwall/autostart/status' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_argument bingwall/greeter 0' -a set -d 'Put a picture (default: the newest) on the login screen.'
complete -c bingwall -n '__bingwall_argument bingwall/greeter 0' -a status -d 'Show the greeters, which one is active, and what bingwall set.'
complete -c bingwall -n '__bingwall_argument bingwall/greeter 0' -a unset -d 'Put each greeter\'s picture back as it was.'
complete -c bingwall -n '__bingwall_argument bingwall/greeter 0' -a enable -d 'Refresh the login screen daily from a user\'s history (a root timer).'
complete -c bingwall -n '__bingwall_argument bingwall/greeter 0' -a disable -d 'Stop and remove the daily timer.'
complete -c bingwall -n '__bingwall_at bingwall/greeter/set' -l user -x -d 'Whose history the picture comes from (default: SUDO_USER).'
complete -c bingwall -n '__bingwall_argument bingwall/greeter/set 0' -a '(__bingwall_selectors)'
complete -c bingwall -n '__bingwall_at bingwall/greeter/status' -l json -d 'Print JSON for scripts instead of text.'
complete -c bingwall -n '__bingwall_at bingwall/greeter/enable' -l user -x -d 'Whose history refreshes the login screen.'
complete -c bingwall -n '__bingwall_at bingwall/greeter/enable' -l force -d 'Install the timer even when others than root could replace the bingwall it runs.'
complete -c bingwall -n '__bingwall_argument bingwall/completions 0' -a 'bash zsh fish'
complete -c bingwall -n '__bingwall_argument bingwall/help 0+' -a '(__bingwall_commands)'
