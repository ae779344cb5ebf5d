@testable import BingWallBing
@testable import BingWallNet
@testable import BingWallSchedule
@testable import BingWallSystem

/// Archive bodies in the shape Bing serves them (docs/bing-endpoint.md), written by hand for these tests and served
/// by the fake Bing server in later ones.
///
/// Each is one line of JSON, like Bing's own; `\#` at the end of a source line joins it to the next
/// without a newline, so the bodies fit the line length. Names, captions, credits and numbers are
/// made up.
enum BingFixtures {
  /// en-US in summer: eight days, 2024-07-01…08, local midnight at 07:00 UTC the same day. A caption with its
  /// own parentheses and a credit with several `/` (07-07); a relative `copyrightlink` with a `\u0026` escape
  /// (07-05); unknown fields (`quiz`, `drk`, `hs`, `tooltips`) everywhere.
  static let enUS = #"""
    {"market":{"mkt":"en-US"},"images":[{"startdate":"20240708","fullstartdate":"202407080700",\#
    "enddate":"20240709",\#
    "url":"/th?id=OHR.LavenderField_EN-US4827103965_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.LavenderField_EN-US4827103965","copyright":"Lavender rows near Valensole,\#
     Provence, France (© Gaspard Lemaire/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=LavenderField&form=hpcapt&filters=HpDate%3a%2220240708_\#
    0700%22","title":"Purple rows of summer",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240708_LavenderField%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"a74cfa871253771fd20d757188b4d8d9","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240707","fullstartdate":"202407070700","enddate":"20240708",\#
    "url":"/th?id=OHR.TekapoStars_EN-US1938475620_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.TekapoStars_EN-US1938475620","copyright":"Church of the Good Shepherd at Lake\#
     Tekapo (Takapō), Mackenzie Basin (South Island), New Zealand (© Aroha Whetu/Night Sky Images/Minden\#
     Pictures/Alamy)",\#
    "copyrightlink":"https://www.bing.com/search?q=TekapoStars&form=hpcapt&filters=HpDate%3a%2220240707_07\#
    00%22","title":"Stars over the Good Shepherd",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240707_TekapoStars%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"c08fe296d6a649a5fe9c2c8fe530145a","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240706","fullstartdate":"202407060700","enddate":"20240707",\#
    "url":"/th?id=OHR.SaguaroDusk_EN-US7382910465_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.SaguaroDusk_EN-US7382910465","copyright":"Saguaro cacti at dusk, Saguaro\#
     National Park, Arizona (© Marisol Ortega/Tandem Stills + Motion)",\#
    "copyrightlink":"https://www.bing.com/search?q=SaguaroDusk&form=hpcapt&filters=HpDate%3a%2220240706_07\#
    00%22","title":"Sentinels of the Sonoran",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240706_SaguaroDusk%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"bb673122b242c97070ec8a7b0ecd3d6d","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240705","fullstartdate":"202407050700","enddate":"20240706",\#
    "url":"/th?id=OHR.PuffinCove_EN-US5610293847_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.PuffinCove_EN-US5610293847","copyright":"Atlantic puffins on Skomer Island,\#
     Pembrokeshire, Wales (© Owain Pritchard/naturepl.com)",\#
    "copyrightlink":"/search?q=Atlantic+puffin\u0026form=hpcapt","title":"Clowns of the cliffs",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240705_PuffinCove%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"ebb6094723f7f495ea68b93ed4f86b78","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240704","fullstartdate":"202407040700","enddate":"20240705",\#
    "url":"/th?id=OHR.FireworksHarbor_EN-US3049581726_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.FireworksHarbor_EN-US3049581726","copyright":"Fireworks over Boston Harbor,\#
     Massachusetts (© Dana Whitcomb/Shutterstock)",\#
    "copyrightlink":"https://www.bing.com/search?q=FireworksHarbor&form=hpcapt&filters=HpDate%3a%222024070\#
    4_0700%22","title":"Happy Fourth of July!",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240704_FireworksHarbor%22&FORM=HPQUIZ\#
    ","wp":true,"hsh":"2b27f7631cc623d4b7908eba3a350f77","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240703","fullstartdate":"202407030700","enddate":"20240704",\#
    "url":"/th?id=OHR.GlacierBayKayak_EN-US8291047365_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.GlacierBayKayak_EN-US8291047365","copyright":"Kayakers near Margerie Glacier,\#
     Glacier Bay National Park, Alaska (© Tomás Reyes/Design Pics)",\#
    "copyrightlink":"https://www.bing.com/search?q=GlacierBayKayak&form=hpcapt&filters=HpDate%3a%222024070\#
    3_0700%22","title":"Paddling past the ice",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240703_GlacierBayKayak%22&FORM=HPQUIZ\#
    ","wp":true,"hsh":"e7a243f49f76ba627cc58d7adac2cbe5","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240702","fullstartdate":"202407020700","enddate":"20240703",\#
    "url":"/th?id=OHR.BaobabAvenue_EN-US6120394857_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.BaobabAvenue_EN-US6120394857","copyright":"Avenue of the Baobabs near Morondava,\#
     Madagascar (© Hery Rakoto/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=BaobabAvenue&form=hpcapt&filters=HpDate%3a%2220240702_0\#
    700%22","title":"Giants of Menabe",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240702_BaobabAvenue%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"44b6b1bedcb0adfa5647031402155b37","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240701","fullstartdate":"202407010700","enddate":"20240702",\#
    "url":"/th?id=OHR.MossyFalls_EN-US2947163850_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.MossyFalls_EN-US2947163850","copyright":"Moss-covered falls in the Columbia\#
     River Gorge, Oregon (© Lena Park/Cavan Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=MossyFalls&form=hpcapt&filters=HpDate%3a%2220240701_070\#
    0%22","title":"A summer cascade",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240701_MossyFalls%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"4f30f948b62628d83ed96dba8aa97774","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// en-US in winter: eight days, 2024-01-08…15, local midnight at 08:00 UTC; 2024-01-13 is `wp: false`.
  static let enUSWinter = #"""
    {"market":{"mkt":"en-US"},"images":[{"startdate":"20240115","fullstartdate":"202401150800",\#
    "enddate":"20240116",\#
    "url":"/th?id=OHR.SnowyOwlFlight_EN-US3958172046_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.SnowyOwlFlight_EN-US3958172046","copyright":"Snowy owl in flight over a frozen\#
     field, Ontario, Canada (© Jean-Luc Tremblay/Minden Pictures)",\#
    "copyrightlink":"https://www.bing.com/search?q=SnowyOwlFlight&form=hpcapt&filters=HpDate%3a%2220240115\#
    _0800%22","title":"Silent wings",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240115_SnowyOwlFlight%22&FORM=HPQUIZ"\#
    ,"wp":true,"hsh":"6c5efc6fe6d1b4694498c89acb252904","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240114","fullstartdate":"202401140800","enddate":"20240115",\#
    "url":"/th?id=OHR.IceCaveGlow_EN-US7281930465_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.IceCaveGlow_EN-US7281930465","copyright":"Blue light inside an ice cave under\#
     Vatnajökull, Iceland (© Sigrún Arnardóttir/Alamy)",\#
    "copyrightlink":"https://www.bing.com/search?q=IceCaveGlow&form=hpcapt&filters=HpDate%3a%2220240114_08\#
    00%22","title":"Inside the glacier",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240114_IceCaveGlow%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"a77c04db6b59e5e4be0b0f6233477699","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240113","fullstartdate":"202401130800","enddate":"20240114",\#
    "url":"/th?id=OHR.MLKMemorial_EN-US1029384756_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.MLKMemorial_EN-US1029384756","copyright":"Martin Luther King Jr. Memorial,\#
     Washington, DC (© Carla Benton/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=MLKMemorial&form=hpcapt&filters=HpDate%3a%2220240113_08\#
    00%22","title":"Honoring Dr. King",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240113_MLKMemorial%22&FORM=HPQUIZ",\#
    "wp":false,"hsh":"66080105a49dfed196d2d28092c13c7a","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240112","fullstartdate":"202401120800","enddate":"20240113",\#
    "url":"/th?id=OHR.FrozenBubbles_EN-US5647382910_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.FrozenBubbles_EN-US5647382910","copyright":"Frozen methane bubbles in Abraham\#
     Lake, Alberta, Canada (© Kenji Morita/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=FrozenBubbles&form=hpcapt&filters=HpDate%3a%2220240112_\#
    0800%22","title":"Bubbles in the ice",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240112_FrozenBubbles%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"1378949fc7f8ac3133aa91b47351b5ed","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240111","fullstartdate":"202401110800","enddate":"20240112",\#
    "url":"/th?id=OHR.SnowMonkeys_EN-US8392017465_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.SnowMonkeys_EN-US8392017465","copyright":"Japanese macaques in a hot spring,\#
     Jigokudani, Nagano, Japan (© Haruto Aoki/Minden Pictures)",\#
    "copyrightlink":"https://www.bing.com/search?q=SnowMonkeys&form=hpcapt&filters=HpDate%3a%2220240111_08\#
    00%22","title":"A warm soak",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240111_SnowMonkeys%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"147e1cdc412532757dd2bd8c8055e8cd","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240110","fullstartdate":"202401100800","enddate":"20240111",\#
    "url":"/th?id=OHR.WinterWren_EN-US2019384756_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.WinterWren_EN-US2019384756","copyright":"Winter wren on a snowy branch,\#
     Pennsylvania (© Ruth Calloway/Alamy)",\#
    "copyrightlink":"https://www.bing.com/search?q=WinterWren&form=hpcapt&filters=HpDate%3a%2220240110_080\#
    0%22","title":"Small and mighty",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240110_WinterWren%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"3a543d6b7240c1008c6718b92b01958e","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240109","fullstartdate":"202401090800","enddate":"20240110",\#
    "url":"/th?id=OHR.AuroraCabin_EN-US6758493021_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.AuroraCabin_EN-US6758493021","copyright":"Aurora borealis above a cabin near\#
     Fairbanks, Alaska (© Eli Nakamura/Design Pics)",\#
    "copyrightlink":"https://www.bing.com/search?q=AuroraCabin&form=hpcapt&filters=HpDate%3a%2220240109_08\#
    00%22","title":"Lights of the north",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240109_AuroraCabin%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"79570b034fec419b46bcdd6c3e500669","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240108","fullstartdate":"202401080800","enddate":"20240109",\#
    "url":"/th?id=OHR.QuebecOldTown_EN-US4930218576_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.QuebecOldTown_EN-US4930218576","copyright":"Old Quebec under snow, Quebec City,\#
     Canada (© Mathieu Gagnon/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=QuebecOldTown&form=hpcapt&filters=HpDate%3a%2220240108_\#
    0800%22","title":"A city wrapped in white",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240108_QuebecOldTown%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"9ca37335621306ad8b54e1f37312fa70","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// ja-JP: eight days, 2021-11-04…11, local midnight at 15:00 UTC the day before, so `startdate` is the
  /// previous day; full-width `（© …）` credits. The first entry is the example in docs/bing-endpoint.md.
  static let jaJP = #"""
    {"market":{"mkt":"ja-JP"},"images":[{"startdate":"20211110","fullstartdate":"202111101500",\#
    "enddate":"20211111",\#
    "url":"/th?id=OHR.BeaversBend_JA-JP2539821984_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.BeaversBend_JA-JP2539821984","copyright":"ビーバーズ・ベンド・リゾートパーク, 米国 オクラホマ州 （© Inge\#
     Johnsson/Alamy Stock Photo）",\#
    "copyrightlink":"https://www.bing.com/search?q=BeaversBend&form=hpcapt&filters=HpDate%3a%2220211110_15\#
    00%22","title":"ブロークン・ボウ湖の紅葉",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211111_BeaversBend%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"be331c8a5be95ef8d4585717b1e70865","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20211109","fullstartdate":"202111091500","enddate":"20211110",\#
    "url":"/th?id=OHR.KiyomizuAutumn_JA-JP6172839405_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.KiyomizuAutumn_JA-JP6172839405","copyright":"紅葉の清水寺, 京都府 京都市 （© Daisuke\#
     Kondo/Aflo）",\#
    "copyrightlink":"https://www.bing.com/search?q=KiyomizuAutumn&form=hpcapt&filters=HpDate%3a%2220211109\#
    _1500%22","title":"秋の清水の舞台",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211110_KiyomizuAutumn%22&FORM=HPQUIZ"\#
    ,"wp":true,"hsh":"0e8c8fbae07534a5706e1c98c0c86100","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20211108","fullstartdate":"202111081500","enddate":"20211109",\#
    "url":"/th?id=OHR.ShirakawaGo_JA-JP3928475610_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.ShirakawaGo_JA-JP3928475610","copyright":"白川郷の合掌造り集落, 岐阜県 （© Yuki Hamada/Getty\#
     Images）",\#
    "copyrightlink":"https://www.bing.com/search?q=ShirakawaGo&form=hpcapt&filters=HpDate%3a%2220211108_15\#
    00%22","title":"雪を待つ里",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211109_ShirakawaGo%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"5885ba2703674e4e4461425ee3705fb4","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20211107","fullstartdate":"202111071500","enddate":"20211108",\#
    "url":"/th?id=OHR.MountFujiLake_JA-JP8475610293_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.MountFujiLake_JA-JP8475610293","copyright":"河口湖から見た富士山 (山梨県), 日本 （© Sora\#
     Takeda/Amana Images）",\#
    "copyrightlink":"https://www.bing.com/search?q=MountFujiLake&form=hpcapt&filters=HpDate%3a%2220211107_\#
    1500%22","title":"湖に映る富士",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211108_MountFujiLake%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"cba458b6f32888ce6e5de6b568771f56","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20211106","fullstartdate":"202111061500","enddate":"20211107",\#
    "url":"/th?id=OHR.DeerNara_JA-JP1209384756_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.DeerNara_JA-JP1209384756","copyright":"奈良公園の鹿, 奈良県 （© Mei Fujita/Minden\#
     Pictures）",\#
    "copyrightlink":"https://www.bing.com/search?q=DeerNara&form=hpcapt&filters=HpDate%3a%2220211106_1500%\#
    22","title":"秋の奈良公園",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211107_DeerNara%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"358da39a7c0e3bee5164a88f07e64c5c","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20211105","fullstartdate":"202111051500","enddate":"20211106",\#
    "url":"/th?id=OHR.OiraseStream_JA-JP5647382019_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.OiraseStream_JA-JP5647382019","copyright":"奥入瀬渓流, 青森県 十和田市 （© Ren\#
     Ishikawa/Aflo）",\#
    "copyrightlink":"https://www.bing.com/search?q=OiraseStream&form=hpcapt&filters=HpDate%3a%2220211105_1\#
    500%22","title":"渓流の秋",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211106_OiraseStream%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"c3de8e0e927bed3fd51ea4c82c70f9c8","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20211104","fullstartdate":"202111041500","enddate":"20211105",\#
    "url":"/th?id=OHR.GinkgoAvenue_JA-JP9384756102_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.GinkgoAvenue_JA-JP9384756102","copyright":"神宮外苑のイチョウ並木, 東京都 （© Hina\#
     Mori/PIXTA）",\#
    "copyrightlink":"https://www.bing.com/search?q=GinkgoAvenue&form=hpcapt&filters=HpDate%3a%2220211104_1\#
    500%22","title":"黄金色の並木道",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211105_GinkgoAvenue%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"cefb1061e3e0db97eeb969743bcf4833","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20211103","fullstartdate":"202111031500","enddate":"20211104",\#
    "url":"/th?id=OHR.TaketaCastle_JA-JP2019384756_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.TaketaCastle_JA-JP2019384756","copyright":"雲海に浮かぶ竹田城跡, 兵庫県 朝来市 （© Kaito\#
     Yamamoto/Getty Images）",\#
    "copyrightlink":"https://www.bing.com/search?q=TaketaCastle&form=hpcapt&filters=HpDate%3a%2220211103_1\#
    500%22","title":"天空の城",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211104_TaketaCastle%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"fbb6c29a38679cc4b5842eab8fbbe1f9","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// zh-CN: eight days, 2024-03-13…20, 16:00 UTC the day before, every title empty; 2024-03-19 has an
  /// absolute `http://s.cn.bing.net/th?id=…` urlbase.
  static let zhCN = #"""
    {"market":{"mkt":"zh-CN"},"images":[{"startdate":"20240319","fullstartdate":"202403191600",\#
    "enddate":"20240320",\#
    "url":"/th?id=OHR.RapeseedWuyuan_ZH-CN7162534980_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.RapeseedWuyuan_ZH-CN7162534980","copyright":"婺源的油菜花田，江西 (© Li Wei/Getty\#
     Images)","copyrightlink":"https://www.bing.com/search?q=RapeseedWuyuan&form=hpcapt&mkt=zh-cn",\#
    "title":"",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240320_RapeseedWuyuan%22&FORM=HPQUIZ"\#
    ,"wp":true,"hsh":"cd71133053c5e1da2f939fb81644e3e4","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240318","fullstartdate":"202403181600","enddate":"20240319",\#
    "url":"http://s.cn.bing.net/th?id=OHR.CherryWuhan_ZH-CN2837465019_1920x1080.jpg&rf=LaDigue_1920x1080.j\#
    pg&pid=hp","urlbase":"http://s.cn.bing.net/th?id=OHR.CherryWuhan_ZH-CN2837465019",\#
    "copyright":"樱花盛开的武汉大学，湖北 (© Zhang Min/Shutterstock)",\#
    "copyrightlink":"https://www.bing.com/search?q=CherryWuhan&form=hpcapt&mkt=zh-cn","title":"",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240319_CherryWuhan%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"fd74c75c3f924c3d74f19110b9d727a0","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240317","fullstartdate":"202403171600","enddate":"20240318",\#
    "url":"/th?id=OHR.HuangshanClouds_ZH-CN9182736450_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.HuangshanClouds_ZH-CN9182736450","copyright":"黄山的云海，安徽 (© Chen Hao/Alamy)",\#
    "copyrightlink":"https://www.bing.com/search?q=HuangshanClouds&form=hpcapt&mkt=zh-cn","title":"",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240318_HuangshanClouds%22&FORM=HPQUIZ\#
    ","wp":true,"hsh":"0807deab7081f23f506c8ef5bc274a60","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240316","fullstartdate":"202403161600","enddate":"20240317",\#
    "url":"/th?id=OHR.LiRiverFisher_ZH-CN5647382910_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.LiRiverFisher_ZH-CN5647382910","copyright":"桂林漓江上的渔夫，广西 (© Wang Fang/Getty\#
     Images)","copyrightlink":"https://www.bing.com/search?q=LiRiverFisher&form=hpcapt&mkt=zh-cn",\#
    "title":"",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240317_LiRiverFisher%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"de7a5e25638cfc2c5345b0e697027c49","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240315","fullstartdate":"202403151600","enddate":"20240316",\#
    "url":"/th?id=OHR.JiuzhaigouLake_ZH-CN1029384756_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.JiuzhaigouLake_ZH-CN1029384756","copyright":"九寨沟的五花海，四川 (© Liu Yang/Minden\#
     Pictures)","copyrightlink":"https://www.bing.com/search?q=JiuzhaigouLake&form=hpcapt&mkt=zh-cn",\#
    "title":"",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240316_JiuzhaigouLake%22&FORM=HPQUIZ"\#
    ,"wp":true,"hsh":"44bad399bf31514356d1563adecba2ba","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240314","fullstartdate":"202403141600","enddate":"20240315",\#
    "url":"/th?id=OHR.BrokenBridge_ZH-CN8475610293_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.BrokenBridge_ZH-CN8475610293","copyright":"西湖断桥残雪，杭州 (© Zhao Lei/Alamy)",\#
    "copyrightlink":"https://www.bing.com/search?q=BrokenBridge&form=hpcapt&mkt=zh-cn","title":"",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240315_BrokenBridge%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"6408d0663c1a3239d403db33df4ef27e","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240313","fullstartdate":"202403131600","enddate":"20240314",\#
    "url":"/th?id=OHR.YuanyangDawn_ZH-CN3948576012_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.YuanyangDawn_ZH-CN3948576012","copyright":"元阳梯田的日出，云南 (© Sun Qiang/Getty\#
     Images)","copyrightlink":"https://www.bing.com/search?q=YuanyangDawn&form=hpcapt&mkt=zh-cn",\#
    "title":"",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240314_YuanyangDawn%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"259122ba5695d1e9ef94ebf94a471a25","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240312","fullstartdate":"202403121600","enddate":"20240313",\#
    "url":"/th?id=OHR.ZhangjiajiePeaks_ZH-CN6758493021_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.ZhangjiajiePeaks_ZH-CN6758493021","copyright":"张家界的石英砂岩峰林，湖南 (© Huang\#
     Jing/Shutterstock)",\#
    "copyrightlink":"https://www.bing.com/search?q=ZhangjiajiePeaks&form=hpcapt&mkt=zh-cn","title":"",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240313_ZhangjiajiePeaks%22&FORM=HPQUI\#
    Z","wp":true,"hsh":"68f07ac850c3b066876e63c3f3e69dbb","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// ROW (rest of world), also what en-ZA is served: eight days, 2024-07-01…08, every title the placeholder
  /// `"Info"`; 2024-07-06 links to `javascript:void(0)`.
  static let row = #"""
    {"market":{"mkt":"ROW"},"images":[{"startdate":"20240708","fullstartdate":"202407080700",\#
    "enddate":"20240709",\#
    "url":"/th?id=OHR.LavenderField_ROW4827103965_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.LavenderField_ROW4827103965","copyright":"Lavender rows near Valensole,\#
     Provence, France (© Gaspard Lemaire/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=LavenderField&form=hpcapt&filters=HpDate%3a%2220240708_\#
    0700%22","title":"Info",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240708_LavenderField%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"0180469624055b43eff9c88fc60e0621","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240707","fullstartdate":"202407070700","enddate":"20240708",\#
    "url":"/th?id=OHR.TekapoStars_ROW1938475620_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.TekapoStars_ROW1938475620","copyright":"Church of the Good Shepherd at Lake\#
     Tekapo, New Zealand (© Aroha Whetu/Minden Pictures)",\#
    "copyrightlink":"https://www.bing.com/search?q=TekapoStars&form=hpcapt&filters=HpDate%3a%2220240707_07\#
    00%22","title":"Info",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240707_TekapoStars%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"ab09e53c72b117687e09eb5fd6d27a60","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240706","fullstartdate":"202407060700","enddate":"20240707",\#
    "url":"/th?id=OHR.DolomitesHut_ROW5830192746_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.DolomitesHut_ROW5830192746","copyright":"Mountain hut below the Sassolungo,\#
     Dolomites, Italy (© Paolo Ferri/Getty Images)","copyrightlink":"javascript:void(0)","title":"Info",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240706_DolomitesHut%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"c3ff5d978525ce023028be5ae2d3405e","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240705","fullstartdate":"202407050700","enddate":"20240706",\#
    "url":"/th?id=OHR.PuffinCove_ROW5610293847_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.PuffinCove_ROW5610293847","copyright":"Atlantic puffins on Skomer Island, Wales\#
     (© Owain Pritchard/naturepl.com)",\#
    "copyrightlink":"https://www.bing.com/search?q=PuffinCove&form=hpcapt&filters=HpDate%3a%2220240705_070\#
    0%22","title":"Info",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240705_PuffinCove%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"671aab6f3ed7e6d134fffd0a5da80694","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240704","fullstartdate":"202407040700","enddate":"20240705",\#
    "url":"/th?id=OHR.ChefchaouenSteps_ROW3049581726_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.ChefchaouenSteps_ROW3049581726","copyright":"Blue steps in Chefchaouen, Morocco\#
     (© Amina Haddad/Alamy)",\#
    "copyrightlink":"https://www.bing.com/search?q=ChefchaouenSteps&form=hpcapt&filters=HpDate%3a%22202407\#
    04_0700%22","title":"Info",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240704_ChefchaouenSteps%22&FORM=HPQUI\#
    Z","wp":true,"hsh":"75fb4016c0525dc8230cb2c00c94b69d","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240703","fullstartdate":"202407030700","enddate":"20240704",\#
    "url":"/th?id=OHR.GlacierBayKayak_ROW8291047365_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.GlacierBayKayak_ROW8291047365","copyright":"Kayakers near Margerie Glacier,\#
     Alaska (© Tomás Reyes/Design Pics)",\#
    "copyrightlink":"https://www.bing.com/search?q=GlacierBayKayak&form=hpcapt&filters=HpDate%3a%222024070\#
    3_0700%22","title":"Info",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240703_GlacierBayKayak%22&FORM=HPQUIZ\#
    ","wp":true,"hsh":"52def3268b213d2035c97239468d1312","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240702","fullstartdate":"202407020700","enddate":"20240703",\#
    "url":"/th?id=OHR.BaobabAvenue_ROW6120394857_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.BaobabAvenue_ROW6120394857","copyright":"Avenue of the Baobabs, Madagascar (©\#
     Hery Rakoto/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=BaobabAvenue&form=hpcapt&filters=HpDate%3a%2220240702_0\#
    700%22","title":"Info",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240702_BaobabAvenue%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"98555017e5561f518269db6b752898c5","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240701","fullstartdate":"202407010700","enddate":"20240702",\#
    "url":"/th?id=OHR.MossyFalls_ROW2947163850_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.MossyFalls_ROW2947163850","copyright":"Moss-covered falls, Oregon (© Lena\#
     Park/Cavan Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=MossyFalls&form=hpcapt&filters=HpDate%3a%2220240701_070\#
    0%22","title":"Info",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240701_MossyFalls%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"f677ef01904782f2dde73a6c0893458d","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// en-IN: three days, 2024-07-06…08, local midnight at 18:30 UTC the day before.
  static let enIN = #"""
    {"market":{"mkt":"en-IN"},"images":[{"startdate":"20240707","fullstartdate":"202407071830",\#
    "enddate":"20240708",\#
    "url":"/th?id=OHR.HawaMahal_EN-IN7384920165_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.HawaMahal_EN-IN7384920165","copyright":"Hawa Mahal at sunrise, Jaipur, Rajasthan\#
     (© Arjun Mehta/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=HawaMahal&form=hpcapt&filters=HpDate%3a%2220240707_1830\#
    %22","title":"Palace of the winds",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240708_HawaMahal%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"9262176b8d2ca20a93f74ee0d96ba723","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240706","fullstartdate":"202407061830","enddate":"20240707",\#
    "url":"/th?id=OHR.BackwatersBoat_EN-IN2948571036_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.BackwatersBoat_EN-IN2948571036","copyright":"Houseboat on the backwaters of\#
     Alappuzha, Kerala (© Priya Nair/Alamy)",\#
    "copyrightlink":"https://www.bing.com/search?q=BackwatersBoat&form=hpcapt&filters=HpDate%3a%2220240706\#
    _1830%22","title":"Drifting through Kerala",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240707_BackwatersBoat%22&FORM=HPQUIZ"\#
    ,"wp":true,"hsh":"80e176a7e74d00f4194259c9e3aef48a","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240705","fullstartdate":"202407051830","enddate":"20240706",\#
    "url":"/th?id=OHR.ValleyFlowers_EN-IN5061728394_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.ValleyFlowers_EN-IN5061728394","copyright":"Valley of Flowers National Park,\#
     Uttarakhand (© Rohan Bisht/Shutterstock)",\#
    "copyrightlink":"https://www.bing.com/search?q=ValleyFlowers&form=hpcapt&filters=HpDate%3a%2220240705_\#
    1830%22","title":"Monsoon blooms",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240706_ValleyFlowers%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"69ae39625cb36f02ba28496551870f1a","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// de-DE: 2024-07-07…08, 22:00 UTC the day before; 2024-07-08 is en-US's `OHR.LavenderField` under another
  /// id and a German caption: one picture, two appearances.
  static let deDE = #"""
    {"market":{"mkt":"de-DE"},"images":[{"startdate":"20240707","fullstartdate":"202407072200",\#
    "enddate":"20240708",\#
    "url":"/th?id=OHR.LavenderField_DE-DE9051736284_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.LavenderField_DE-DE9051736284","copyright":"Lavendelfelder bei Valensole,\#
     Provence, Frankreich (© Gaspard Lemaire/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=LavenderField&form=hpcapt&filters=HpDate%3a%2220240707_\#
    2200%22","title":"Lila Sommerreihen",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240708_LavenderField%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"f7acaf27a3017acba23bc40c7e45a0db","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240706","fullstartdate":"202407062200","enddate":"20240707",\#
    "url":"/th?id=OHR.TekapoStars_DE-DE1938475620_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.TekapoStars_DE-DE1938475620","copyright":"Kirche des Guten Hirten am Lake\#
     Tekapo, Neuseeland (© Aroha Whetu/Minden Pictures)",\#
    "copyrightlink":"https://www.bing.com/search?q=TekapoStars&form=hpcapt&filters=HpDate%3a%2220240706_22\#
    00%22","title":"Sterne über dem See",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240707_TekapoStars%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"51ed6b60190e864498a29b301b26ab85","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// en-US again, 2024-07-08 re-issued under a new id with the photographer's name corrected; 07-07 as
  /// before. Stored, it must update the day in place.
  static let enUSReissued = #"""
    {"market":{"mkt":"en-US"},"images":[{"startdate":"20240708","fullstartdate":"202407080700",\#
    "enddate":"20240709",\#
    "url":"/th?id=OHR.LavenderField_EN-US5093817264_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.LavenderField_EN-US5093817264","copyright":"Lavender rows near Valensole,\#
     Provence, France (© Gaspard Lemaître/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=LavenderField&form=hpcapt&filters=HpDate%3a%2220240708_\#
    0700%22","title":"Purple rows of summer",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240708_LavenderField%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"d9797eca2292d298ef062f4bf35756a3","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240707","fullstartdate":"202407070700","enddate":"20240708",\#
    "url":"/th?id=OHR.TekapoStars_EN-US1938475620_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.TekapoStars_EN-US1938475620","copyright":"Church of the Good Shepherd at Lake\#
     Tekapo (Takapō), Mackenzie Basin (South Island), New Zealand (© Aroha Whetu/Night Sky Images/Minden\#
     Pictures/Alamy)",\#
    "copyrightlink":"https://www.bing.com/search?q=TekapoStars&form=hpcapt&filters=HpDate%3a%2220240707_07\#
    00%22","title":"Stars over the Good Shepherd",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240707_TekapoStars%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"c08fe296d6a649a5fe9c2c8fe530145a","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// An old body: `/az/hprichbg/rb/` paths with no `id`, no `market`, no `title`, `wp` or `hsh`; the days
  /// around the end of daylight saving time in 2016 (07:00 then 08:00 UTC).
  static let legacy = #"""
    {"images":[{"startdate":"20161107","fullstartdate":"201611070800","enddate":"20161108",\#
    "url":"/az/hprichbg/rb/BeaversBend_EN-US2539821984_1920x1080.jpg",\#
    "urlbase":"/az/hprichbg/rb/BeaversBend_EN-US2539821984","copyright":"Beavers Bend State Park, Oklahoma\#
     (© Inge Johnsson/Alamy)","copyrightlink":"http://www.bing.com/search?q=BeaversBend&form=hpcapt"},\#
    {"startdate":"20161106","fullstartdate":"201611060700","enddate":"20161107",\#
    "url":"/az/hprichbg/rb/AutumnMaple_EN-US1847362950_1920x1080.jpg",\#
    "urlbase":"/az/hprichbg/rb/AutumnMaple_EN-US1847362950","copyright":"Maple leaves on a forest floor,\#
     Vermont (© Noah Whitfield/Getty Images)",\#
    "copyrightlink":"http://www.bing.com/search?q=AutumnMaple&form=hpcapt"}]}
    """#

  /// ja-JP without `fullstartdate`, for the `startdate` fallback: local dates 2021-11-11 and 10.
  static let jaJPWithoutFullStartDate = #"""
    {"market":{"mkt":"ja-JP"},"images":[{"startdate":"20211110","enddate":"20211111",\#
    "url":"/th?id=OHR.BeaversBend_JA-JP2539821984_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.BeaversBend_JA-JP2539821984","copyright":"ビーバーズ・ベンド・リゾートパーク, 米国 オクラホマ州 （© Inge\#
     Johnsson/Alamy Stock Photo）",\#
    "copyrightlink":"https://www.bing.com/search?q=BeaversBend&form=hpcapt&filters=HpDate%3a%2220211110_15\#
    00%22","title":"ブロークン・ボウ湖の紅葉",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211111_BeaversBend%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"be331c8a5be95ef8d4585717b1e70865","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20211109","enddate":"20211110",\#
    "url":"/th?id=OHR.KiyomizuAutumn_JA-JP6172839405_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.KiyomizuAutumn_JA-JP6172839405","copyright":"紅葉の清水寺, 京都府 京都市 （© Daisuke\#
     Kondo/Aflo）",\#
    "copyrightlink":"https://www.bing.com/search?q=KiyomizuAutumn&form=hpcapt&filters=HpDate%3a%2220211109\#
    _1500%22","title":"秋の清水の舞台",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20211110_KiyomizuAutumn%22&FORM=HPQUIZ"\#
    ,"wp":true,"hsh":"0e8c8fbae07534a5706e1c98c0c86100","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// en-US with two usable days (07-08, and 07-06 without a `title`) around four unusable entries: `urlbase`
  /// a number, a `../../etc/passwd` id, a string for an entry, `wp` a string.
  static let enUSPartlyUnusable = #"""
    {"market":{"mkt":"en-US"},"images":[{"startdate":"20240708","fullstartdate":"202407080700",\#
    "enddate":"20240709",\#
    "url":"/th?id=OHR.LavenderField_EN-US4827103965_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.LavenderField_EN-US4827103965","copyright":"Lavender rows near Valensole,\#
     Provence, France (© Gaspard Lemaire/Getty Images)",\#
    "copyrightlink":"https://www.bing.com/search?q=LavenderField&form=hpcapt&filters=HpDate%3a%2220240708_\#
    0700%22","title":"Purple rows of summer",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240708_LavenderField%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"a74cfa871253771fd20d757188b4d8d9","drk":1,"top":1,"bot":1,"hs":[]},\#
    {"startdate":"20240707","fullstartdate":"202407070700","enddate":"20240708","urlbase":20240707,\#
    "copyright":"A number for a urlbase (© Nobody)","title":"Broken","wp":true},{"startdate":"20240707",\#
    "fullstartdate":"202407070700","enddate":"20240708","urlbase":"/th?id=../../etc/passwd",\#
    "copyright":"Hostile id (© Nobody)","title":"Hostile","wp":true},"not an object",\#
    {"startdate":"20240707","fullstartdate":"202407070700","enddate":"20240708",\#
    "urlbase":"/th?id=OHR.WrongFlag_EN-US1","copyright":"wp as a string (© Nobody)","title":"Wrong flag",\#
    "wp":"yes"},{"startdate":"20240706","fullstartdate":"202407060700","enddate":"20240707",\#
    "url":"/th?id=OHR.SaguaroDusk_EN-US7382910465_1920x1080.jpg&rf=LaDigue_1920x1080.jpg&pid=hp",\#
    "urlbase":"/th?id=OHR.SaguaroDusk_EN-US7382910465","copyright":"Saguaro cacti at dusk, Saguaro\#
     National Park, Arizona (© Marisol Ortega/Tandem Stills + Motion)",\#
    "copyrightlink":"https://www.bing.com/search?q=SaguaroDusk&form=hpcapt&filters=HpDate%3a%2220240706_07\#
    00%22",\#
    "quiz":"/search?q=Bing+homepage+quiz&filters=WQOskey:%22HPQuiz_20240706_SaguaroDusk%22&FORM=HPQUIZ",\#
    "wp":true,"hsh":"bb673122b242c97070ec8a7b0ecd3d6d","drk":1,"top":1,"bot":1,"hs":[]}],\#
    "tooltips":{"loading":"Loading...","previous":"Previous image","next":"Next image","walle":"This image\#
     is not available to download as wallpaper.","walls":"Download this image. Use of this image is\#
     restricted to wallpaper only."}}
    """#

  /// en-US whose every entry is unusable: `urlbase` a number, a dashed `fullstartdate`, a `/th` urlbase with
  /// no id.
  static let enUSNoneUsable = #"""
    {"market":{"mkt":"en-US"},"images":[{"startdate":"20240708","fullstartdate":"202407080700",\#
    "enddate":"20240709","urlbase":12345,"copyright":"x (© y)","wp":true},{"startdate":"20240707",\#
    "fullstartdate":"2024-07-07","enddate":"20240708","urlbase":"/th?id=OHR.BadDate_EN-US1","copyright":"x\#
     (© y)","wp":true},{"startdate":"20240706","fullstartdate":"202407060700","enddate":"20240707",\#
    "urlbase":"/th","copyright":"x (© y)","wp":true}],"tooltips":{"loading":"Loading...",\#
    "previous":"Previous image","next":"Next image","walle":"This image is not available to download as\#
     wallpaper.","walls":"Download this image. Use of this image is restricted to wallpaper only."}}
    """#
  // MARK: Bodies to refuse (docs/bing-endpoint.md, "Failures seen in the wild")

  /// Status 200 with nothing in the body.
  static let empty = ""
  /// Only white space, which is as empty as nothing.
  static let whitespace = " \r\n\t "
  /// What Bing answers without `n`.
  static let null = "null"
  static let emptyImages = #"{"images":[]}"#
  /// An object with a market and tooltips but no `images` at all.
  static let noImagesKey = #"{"market":{"mkt":"en-US"},"tooltips":{"loading":"Loading..."}}"#
  /// The page a redirect leaves behind, served with status 200 and sometimes saved as the `.jpg`.
  static let objectMoved = """

    <html><head><title>Object moved</title></head><body>
    <h2>Object moved to <a href="https://www.bing.com/HPImageArchive.aspx?format=js&amp;idx=0">here</a>.</h2>
    </body></html>
    """
  /// `enUS` cut off in the middle of its third entry, as a dropped connection leaves it.
  static var truncated: String { String(enUS.prefix(1500)) }
  /// A list where the object should be.
  static let topLevelList = #"[{"urlbase":"/th?id=OHR.LavenderField_EN-US4827103965"}]"#
  /// A string where the object should be.
  static let topLevelString = #""images""#
  /// `images` as an object rather than a list.
  static let imagesObject = #"{"market":{"mkt":"en-US"},"images":{"urlbase":"/th?id=OHR.X_EN-US1"}}"#
}
