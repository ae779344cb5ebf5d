# bash completion for bingwall(1).
# Generated from bingwall's command table; do not edit. Regenerate with:
#   swift run bingwall completions bash > completions/bingwall.bash

# Whether the option word takes a value (the next word, or after '=').
_bingwall_takes_value() {
  case $1 in
    --config | --source | --market | -m | --resolution | -r | --days | --backend | --mode | --seed | --limit | --since | --keep | --older-than | --max-size | --from | --output | -o | --rotate | --method | --user) return 0 ;;
  esac
  return 1
}

# The subcommand names and aliases of the command at path $1.
_bingwall_subcommands() {
  case $1 in
    bingwall) echo 'update apply random next previous prev list history show search favorite unfavorite ban prune export import gallery doctor sources backends outputs status daemon config autostart greeter completions help' ;;
    bingwall/config) echo 'path show keys get set unset edit' ;;
    bingwall/autostart) echo 'enable disable status' ;;
    bingwall/greeter) echo 'set status unset enable disable' ;;
  esac
}

# The name of subcommand $2 of path $1, with aliases resolved.
_bingwall_name() {
  case $1/$2 in
    bingwall/prev) echo previous ;;
    bingwall/history) echo list ;;
    *) echo "$2" ;;
  esac
}

# The options of the command at path $1.
_bingwall_options() {
  case $1 in
    bingwall) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/update) echo '--source --market -m --resolution -r --days --force --apply --no-apply --json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/apply) echo '--market -m --backend --mode --lock-screen --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/random) echo '--favorites --market -m --dry-run --seed --backend --mode --lock-screen --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/next) echo '--market -m --backend --mode --lock-screen --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/previous) echo '--market -m --backend --mode --lock-screen --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/list) echo '--limit --market -m --source --favorites --banned --since --json --plain --wide --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/show) echo '--market -m --json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/search) echo '--limit --source --json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/favorite) echo '--market -m --remove --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/unfavorite) echo '--market -m --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/ban) echo '--market -m --remove --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/prune) echo '--keep --older-than --max-size --dry-run --json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/export) echo '--favorites --source --since --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/import) echo '--from --source --dry-run --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/gallery) echo '--output -o --open --source --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/doctor) echo '--fix --quick --json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/sources) echo '--json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/backends) echo '--backend --json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/outputs) echo '--backend --json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/status) echo '--json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/daemon) echo '--rotate --favorites --no-update --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/config) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/config/path) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/config/show) echo '--json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/config/keys) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/config/get) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/config/set) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/config/unset) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/config/edit) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/autostart) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/autostart/enable) echo '--method --tray --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/autostart/disable) echo '--method --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/autostart/status) echo '--method --json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/greeter) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/greeter/set) echo '--user --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/greeter/status) echo '--json --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/greeter/unset) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/greeter/enable) echo '--user --force --quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/greeter/disable) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/completions) echo '--quiet -q --verbose -v --config --version --help -h' ;;
    bingwall/help) echo '--quiet -q --verbose -v --config --version --help -h' ;;
  esac
}

# How the value of option $2 of the command at path $1 is completed.
_bingwall_option_value() {
  case $1:$2 in
    bingwall:--config) echo files ;;
    bingwall/update:--source) echo 'words bing spotlight apod wikimedia earth-observatory' ;;
    bingwall/update:--market | bingwall/update:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/update:--resolution | bingwall/update:-r) echo 'words UHD 1920x1200 1920x1080 1366x768 1280x768 1280x720 1024x768 800x600 800x480 640x480 1080x1920 768x1280 720x1280 480x800' ;;
    bingwall/update:--config) echo files ;;
    bingwall/apply:--market | bingwall/apply:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/apply:--backend) echo 'words auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' ;;
    bingwall/apply:--mode) echo 'words auto fill fit stretch center tile' ;;
    bingwall/apply:--config) echo files ;;
    bingwall/random:--market | bingwall/random:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/random:--backend) echo 'words auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' ;;
    bingwall/random:--mode) echo 'words auto fill fit stretch center tile' ;;
    bingwall/random:--config) echo files ;;
    bingwall/next:--market | bingwall/next:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/next:--backend) echo 'words auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' ;;
    bingwall/next:--mode) echo 'words auto fill fit stretch center tile' ;;
    bingwall/next:--config) echo files ;;
    bingwall/previous:--market | bingwall/previous:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/previous:--backend) echo 'words auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' ;;
    bingwall/previous:--mode) echo 'words auto fill fit stretch center tile' ;;
    bingwall/previous:--config) echo files ;;
    bingwall/list:--market | bingwall/list:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/list:--source) echo 'words bing spotlight apod wikimedia earth-observatory' ;;
    bingwall/list:--config) echo files ;;
    bingwall/show:--market | bingwall/show:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/show:--config) echo files ;;
    bingwall/search:--source) echo 'words bing spotlight apod wikimedia earth-observatory' ;;
    bingwall/search:--config) echo files ;;
    bingwall/favorite:--market | bingwall/favorite:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/favorite:--config) echo files ;;
    bingwall/unfavorite:--market | bingwall/unfavorite:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/unfavorite:--config) echo files ;;
    bingwall/ban:--market | bingwall/ban:-m) echo 'words ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    bingwall/ban:--config) echo files ;;
    bingwall/prune:--config) echo files ;;
    bingwall/export:--source) echo 'words bing spotlight apod wikimedia earth-observatory' ;;
    bingwall/export:--config) echo files ;;
    bingwall/import:--from) echo 'words neffo variety ttg pybingwallpaper mklein994 thejandroman' ;;
    bingwall/import:--source) echo 'words bing spotlight apod wikimedia earth-observatory' ;;
    bingwall/import:--config) echo files ;;
    bingwall/gallery:--output | bingwall/gallery:-o) echo files ;;
    bingwall/gallery:--source) echo 'words bing spotlight apod wikimedia earth-observatory' ;;
    bingwall/gallery:--config) echo files ;;
    bingwall/doctor:--config) echo files ;;
    bingwall/sources:--config) echo files ;;
    bingwall/backends:--backend) echo 'words auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' ;;
    bingwall/backends:--config) echo files ;;
    bingwall/outputs:--backend) echo 'words auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' ;;
    bingwall/outputs:--config) echo files ;;
    bingwall/status:--config) echo files ;;
    bingwall/daemon:--config) echo files ;;
    bingwall/config:--config) echo files ;;
    bingwall/config/path:--config) echo files ;;
    bingwall/config/show:--config) echo files ;;
    bingwall/config/keys:--config) echo files ;;
    bingwall/config/get:--config) echo files ;;
    bingwall/config/set:--config) echo files ;;
    bingwall/config/unset:--config) echo files ;;
    bingwall/config/edit:--config) echo files ;;
    bingwall/autostart:--config) echo files ;;
    bingwall/autostart/enable:--method) echo 'words systemd systemd-timer xdg cron' ;;
    bingwall/autostart/enable:--config) echo files ;;
    bingwall/autostart/disable:--method) echo 'words systemd systemd-timer xdg cron' ;;
    bingwall/autostart/disable:--config) echo files ;;
    bingwall/autostart/status:--method) echo 'words systemd systemd-timer xdg cron' ;;
    bingwall/autostart/status:--config) echo files ;;
    bingwall/greeter:--config) echo files ;;
    bingwall/greeter/set:--config) echo files ;;
    bingwall/greeter/status:--config) echo files ;;
    bingwall/greeter/unset:--config) echo files ;;
    bingwall/greeter/enable:--config) echo files ;;
    bingwall/greeter/disable:--config) echo files ;;
    bingwall/completions:--config) echo files ;;
    bingwall/help:--config) echo files ;;
  esac
}

# How argument number $2 (from 0) of the command at path $1 is completed.
_bingwall_argument() {
  case $1:$2 in
    bingwall/apply:0) echo selectors-files ;;
    bingwall/show:0) echo selectors ;;
    bingwall/favorite:*) echo selectors ;;
    bingwall/unfavorite:*) echo selectors ;;
    bingwall/ban:*) echo selectors ;;
    bingwall/export:0) echo directories ;;
    bingwall/import:0) echo files ;;
    bingwall/config/get:0) echo 'words markets sources resolution image_dir backend command mode apply_on_update lock_screen daemon.rotate daemon.favorites_only daemon.notify daemon.tray retention.keep retention.max_age_days retention.max_size pictures.cache_max_size pictures.dark_dim pictures.lock_blur pictures.caption screens.policy screens.favorites_first screens.pin hooks.on_change hooks.on_new hooks.timeout network.endpoint network.contact network.timeout network.ca_file network.on_metered network.story power.min_battery spotlight.endpoint apod.endpoint apod.api_key wikimedia.endpoint earth_observatory.endpoint' ;;
    bingwall/config/set:0) echo 'words markets sources resolution image_dir backend command mode apply_on_update lock_screen daemon.rotate daemon.favorites_only daemon.notify daemon.tray retention.keep retention.max_age_days retention.max_size pictures.cache_max_size pictures.dark_dim pictures.lock_blur pictures.caption screens.policy screens.favorites_first screens.pin hooks.on_change hooks.on_new hooks.timeout network.endpoint network.contact network.timeout network.ca_file network.on_metered network.story power.min_battery spotlight.endpoint apod.endpoint apod.api_key wikimedia.endpoint earth_observatory.endpoint' ;;
    bingwall/config/set:1) echo config-values ;;
    bingwall/config/unset:0) echo 'words markets sources resolution image_dir backend command mode apply_on_update lock_screen daemon.rotate daemon.favorites_only daemon.notify daemon.tray retention.keep retention.max_age_days retention.max_size pictures.cache_max_size pictures.dark_dim pictures.lock_blur pictures.caption screens.policy screens.favorites_first screens.pin hooks.on_change hooks.on_new hooks.timeout network.endpoint network.contact network.timeout network.ca_file network.on_metered network.story power.min_battery spotlight.endpoint apod.endpoint apod.api_key wikimedia.endpoint earth_observatory.endpoint' ;;
    bingwall/greeter/set:0) echo selectors ;;
    bingwall/completions:0) echo 'words bash zsh fish' ;;
    bingwall/help:*) echo commands ;;
  esac
}

# The values config key $1 takes, for 'config set KEY VALUE'.
_bingwall_config_values() {
  case $1 in
    markets) echo 'ROW ar-XA bg-BG cs-CZ da-DK de-AT de-CH de-DE el-GR en-AU en-CA en-GB en-ID en-IE en-IN en-MY en-NZ en-PH en-SG en-US en-XA en-ZA es-AR es-CL es-ES es-MX es-US es-XL et-EE fi-FI fr-BE fr-CA fr-CH fr-FR he-IL hr-HR hu-HU it-IT ja-JP ko-KR lt-LT lv-LV nb-NO nl-BE nl-NL pl-PL pt-BR pt-PT ro-RO ru-RU sk-SK sl-SI sv-SE th-TH tr-TR uk-UA zh-CN zh-HK zh-TW' ;;
    sources) echo 'bing spotlight apod wikimedia earth-observatory' ;;
    resolution) echo 'UHD 1920x1200 1920x1080 1366x768 1280x768 1280x720 1024x768 800x600 800x480 640x480 1080x1920 768x1280 720x1280 480x800' ;;
    backend) echo 'auto gnome cinnamon mate deepin xfce kde cosmic lxde lxqt sway hyprland wayfire swaybg swww wpaperd feh xwallpaper nitrogen hsetroot portal command none' ;;
    mode) echo 'auto fill fit stretch center tile' ;;
    apply_on_update) echo 'true false' ;;
    lock_screen) echo 'true false' ;;
    daemon.favorites_only) echo 'true false' ;;
    daemon.notify) echo 'true false' ;;
    daemon.tray) echo 'true false' ;;
    pictures.caption) echo 'true false' ;;
    screens.policy) echo 'same different' ;;
    screens.favorites_first) echo 'true false' ;;
    network.on_metered) echo 'skip allow' ;;
    network.story) echo 'true false' ;;
  esac
}

# Adds the stored pictures' selectors that start with $cur to COMPREPLY. They are data from
# the history (a source's ids among them): read a line at a time, compared as text, and
# given back quoted, so that no word is ever expanded and the word inserted, pasted, names
# the picture. Keys of the safe set go in as they are; any other is quoted with %q.
_bingwall_selectors() {
  local candidate quoted safe='^[A-Za-z0-9._,:+@%][A-Za-z0-9._,:+@%-]*$'
  while IFS= read -r candidate; do
    [[ -n $candidate ]] || continue
    if [[ $candidate =~ $safe ]]; then
      quoted=$candidate
    else
      printf -v quoted '%q' "$candidate"
    fi
    # The word may be typed as the text itself or already quoted.
    [[ $candidate == "$cur"* || $quoted == "$cur"* ]] && COMPREPLY+=("$quoted")
  done < <(echo latest; echo current; command bingwall __complete selectors 2>/dev/null)
}

# Puts the candidates for kind $1 that start with $cur into COMPREPLY.
_bingwall_offer() {
  case $1 in
    files)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      ;;
    directories)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      ;;
    selectors | selectors-files)
      _bingwall_selectors
      # apply reads a word without a '/' as a selector: offer files as ./name, quoted here
      # as the selectors are (-o filenames would quote the selectors a second time).
      if [[ $1 == selectors-files ]]; then
        local file
        [[ $cur == */* ]] || cur=./$cur
        while IFS= read -r file; do
          [[ -d $file ]] && file+=/
          printf -v file '%q' "$file"
          COMPREPLY+=("$file")
        done < <(compgen -f -- "$cur")
        # A folder goes on with the names in it.
        [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null
      fi
      ;;
    words\ *)
      mapfile -t COMPREPLY < <(compgen -W "${1#words }" -- "$cur")
      ;;
    config-values)
      # The key is the argument before: config set KEY <TAB>.
      mapfile -t COMPREPLY < <(compgen -W "$(_bingwall_config_values "${args[count - 1]}")" -- "$cur")
      ;;
    commands)
      # help config <TAB>: the subcommands of the command the words before name.
      local topic=bingwall name
      for name in "${args[@]}"; do topic=$topic/$(_bingwall_name "$topic" "$name"); done
      mapfile -t COMPREPLY < <(compgen -W "$(_bingwall_subcommands "$topic")" -- "$cur")
      ;;
  esac
}

_bingwall() {
  local cur=${COMP_WORDS[COMP_CWORD]} path=bingwall word option= subcommands
  local -a args=()
  local -i i count=0 skip=0 ended=0
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if ((skip)); then
      # With '=' in COMP_WORDBREAKS, --market=en-US arrives as three words.
      [[ $word == = ]] || skip=0
      continue
    fi
    if ((!ended)) && [[ $word == -- ]]; then
      ended=1
    elif ((!ended)) && [[ $word == -?* ]]; then
      if _bingwall_takes_value "$word"; then
        skip=1
        option=$word
      fi
    elif ((count)) && [[ $word == : || ${COMP_WORDS[i - 1]} == : ]]; then
      # With ':' in COMP_WORDBREAKS, apod:2026-12-05 arrives as three words: one argument.
      args[count - 1]+=$word
    else
      subcommands=$(_bingwall_subcommands "$path")
      if ((!ended && count == 0)) && [[ " $subcommands " == *" $word "* ]]; then
        path=$path/$(_bingwall_name "$path" "$word")
      else
        count+=1
        args+=("$word")
      fi
    fi
  done

  # The word at the cursor goes on from the argument before a ':': complete the whole word.
  # bash replaces only what follows the word's last ':', so that much is cut from each
  # candidate below.
  local colon=
  if ((!skip && count)) && [[ $cur == : || ${COMP_WORDS[COMP_CWORD - 1]} == : ]]; then
    count=count-1
    cur=${args[count]}$cur
    unset 'args[count]'
    colon=${cur%"${cur##*:}"}
  fi

  if ((skip)); then
    [[ $cur == = ]] && cur=
    _bingwall_offer "$(_bingwall_option_value "$path" "$option")"
  elif ((!ended)) && [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_bingwall_options "$path")" -- "$cur")
  else
    subcommands=$(_bingwall_subcommands "$path")
    if [[ -n $subcommands ]] && ((count == 0)); then
      mapfile -t COMPREPLY < <(compgen -W "$subcommands" -- "$cur")
    else
      _bingwall_offer "$(_bingwall_argument "$path" "$count")"
    fi
  fi
  if [[ -n $colon ]]; then
    local -a whole=("${COMPREPLY[@]}")
    COMPREPLY=()
    for word in "${whole[@]}"; do
      [[ $word == "$colon"* ]] && COMPREPLY+=("${word#"$colon"}")
    done
  fi
  return 0
}

complete -F _bingwall bingwall
