import type { Prisma, Store } from '../generated/prisma/client.js';
import { slugOf } from '../domain/catalog/writes/slug.js';
import type { MediaServices } from '../domain/media/media-services.js';
import { orderedRenditions } from '../domain/media/renditions.js';
import { storedTranslation } from '../domain/translations/digest.js';
import type { Db } from '../platform/database/database.js';
import { seedArtworkFiles } from './seed-artworks.js';

interface DemoPost {
  en: { title: string; excerpt: string; lead: string };
  fr: { title: string; excerpt: string; lead: string };
  tags: string[];
  category: string;
}

type PostRow = [category: string, tags: string, enTitle: string, enExcerpt: string, enLead: string, frTitle: string, frExcerpt: string, frLead: string];

// A dozen posts in the demo store's languages, one a row: category | tags | English title | excerpt | lead | French title | excerpt | lead.
// English is the source, French a translation.
const postTable = `
Care guides | care linen | Caring for linen | Wash cool, dry flat, iron damp. | Linen gets softer with every wash if you treat it gently. | Entretenir le lin | Lavez à froid, séchez à plat, repassez humide. | Le lin s’adoucit à chaque lavage si on le traite avec douceur.
Style notes | style accessories | Five ways to style a scarf | One scarf, five looks. | A good scarf works as hard as any coat in your wardrobe. | Cinq façons de porter un foulard | Un foulard, cinq allures. | Un bon foulard travaille autant que n’importe quel manteau.
Makers | home makers | Behind our ceramics | Meet the studio that throws our mugs. | Every mug we sell is thrown by hand in a small studio. | Dans les coulisses de nos céramiques | Rencontre avec l’atelier qui tourne nos tasses. | Chaque tasse que nous vendons est tournée à la main dans un petit atelier.
Style notes | stationery home | A desk that works for you | Small changes for a calmer workspace. | A tidy desk is less about minimalism than about reach. | Un bureau qui travaille pour vous | De petits changements pour un espace plus calme. | Un bureau rangé tient moins du minimalisme que de la portée de main.
Materials | materials apparel | Why we choose organic cotton | What the label means, and what it does not. | Organic cotton uses less water and no synthetic pesticides. | Pourquoi nous choisissons le coton bio | Ce que dit l’étiquette, et ce qu’elle ne dit pas. | Le coton bio consomme moins d’eau et aucun pesticide de synthèse.
Style notes | style travel | Packing light for a weekend | Everything in one bag. | Three tops, two bottoms and one jacket go a long way. | Voyager léger le temps d’un week-end | Tout dans un seul sac. | Trois hauts, deux bas et une veste suffisent largement.
Care guides | care accessories | Leather that lasts | Condition twice a year, store stuffed. | Good leather outlives its owner when it is fed and rested. | Un cuir qui dure | Nourrissez-le deux fois par an, rangez-le rembourré. | Un bon cuir survit à son propriétaire s’il est nourri et reposé.
Makers | stationery makers | The notebook we never stopped using | Dot grid, lay-flat, 120 gsm. | We tried dozens of notebooks before settling on this one. | Le carnet que nous n’avons jamais quitté | Pointillés, reliure à plat, 120 g. | Nous avons essayé des dizaines de carnets avant de choisir celui-ci.
Style notes | style apparel | Layering for autumn | Warm without the bulk. | Thin layers trap more warmth than one thick jumper. | Superposer pour l’automne | Au chaud sans l’épaisseur. | De fines couches retiennent mieux la chaleur qu’un gros pull.
Materials | materials care | A guide to wool | Merino, lambswool and alpaca compared. | Not all wool itches: fibre diameter is what matters. | Petit guide de la laine | Mérinos, agneau et alpaga comparés. | Toute laine ne gratte pas : c’est le diamètre de la fibre qui compte.
Style notes | home linen | Setting a simple table | Plates, linen and one candle. | A simple table makes any meal feel like an occasion. | Dresser une table simple | Des assiettes, du lin et une bougie. | Une table simple donne à chaque repas un air de fête.
Care guides | care makers | Repair, don’t replace | Our free repair service, explained. | Send us anything you bought here and we will mend it. | Réparer plutôt que remplacer | Notre service de réparation gratuit, expliqué. | Envoyez-nous tout article acheté ici et nous le réparerons.
`;

const demoPosts: DemoPost[] = postTable
  .trim()
  .split('\n')
  .map((row) => {
    const [category, tags, enTitle, enExcerpt, enLead, frTitle, frExcerpt, frLead] = row.split(' | ') as PostRow;
    return {
      en: { title: enTitle, excerpt: enExcerpt, lead: enLead },
      fr: { title: frTitle, excerpt: frExcerpt, lead: frLead },
      tags: tags.split(' '),
      category,
    };
  });

const WEEK_MS = 7 * 86_400_000;

function bodyOf(text: DemoPost['en'], more: string): string {
  return `# ${text.title}\n\n${text.lead}\n\n${more}\n\n- ${text.excerpt}\n`;
}

/**
 * The demo's blog: a dozen published posts, one a week back from `now`, each with a cover from the
 * seed artworks, tags and a category, and a French translation of every text field.
 */
export async function seedPosts(db: Db, store: Store, options: { media: MediaServices; now: Date }): Promise<number> {
  const artworks = await seedArtworkFiles(db, options.media, store.id);
  const posts = await db.post.createManyAndReturn({
    data: demoPosts.map((p, i) => {
      const cover = artworks[i % artworks.length]!;
      return {
        storeId: store.id,
        slug: slugOf(p.en.title),
        title: p.en.title,
        markdown: bodyOf(p.en, 'Read on for what we have learned, and what we recommend.'),
        excerpt: p.en.excerpt,
        tags: p.tags,
        categoryNames: [p.category],
        categorySlugs: [slugOf(p.category)],
        status: 'published',
        publishedAt: new Date(options.now.getTime() - (i + 1) * WEEK_MS),
        coverImageUrl: orderedRenditions(cover.sizes).original.url,
        coverImageSizes: cover.sizes as Prisma.InputJsonValue,
      };
    }),
  });
  await db.translation.createMany({
    data: demoPosts.map((p) => {
      const post = posts.find((row) => row.slug === slugOf(p.en.title))!;
      return {
        storeId: store.id,
        resourceType: 'post',
        resourceId: post.id,
        locale: 'fr',
        ...storedTranslation(
          { title: post.title, excerpt: post.excerpt, markdown: post.markdown },
          {
            title: p.fr.title,
            excerpt: p.fr.excerpt,
            markdown: bodyOf(p.fr, 'Lisez la suite pour nos conseils et nos recommandations.'),
          },
        ),
      };
    }),
  });
  return posts.length;
}
