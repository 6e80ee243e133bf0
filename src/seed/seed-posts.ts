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

// A dozen posts in the demo store's languages: English is the source, French a translation.
const demoPosts: DemoPost[] = [
  {
    en: { title: 'Caring for linen', excerpt: 'Wash cool, dry flat, iron damp.', lead: 'Linen gets softer with every wash if you treat it gently.' },
    fr: {
      title: 'Entretenir le lin',
      excerpt: 'Lavez à froid, séchez à plat, repassez humide.',
      lead: 'Le lin s’adoucit à chaque lavage si on le traite avec douceur.',
    },
    tags: ['care', 'linen'],
    category: 'Care guides',
  },
  {
    en: { title: 'Five ways to style a scarf', excerpt: 'One scarf, five looks.', lead: 'A good scarf works as hard as any coat in your wardrobe.' },
    fr: {
      title: 'Cinq façons de porter un foulard',
      excerpt: 'Un foulard, cinq allures.',
      lead: 'Un bon foulard travaille autant que n’importe quel manteau.',
    },
    tags: ['style', 'accessories'],
    category: 'Style notes',
  },
  {
    en: { title: 'Behind our ceramics', excerpt: 'Meet the studio that throws our mugs.', lead: 'Every mug we sell is thrown by hand in a small studio.' },
    fr: {
      title: 'Dans les coulisses de nos céramiques',
      excerpt: 'Rencontre avec l’atelier qui tourne nos tasses.',
      lead: 'Chaque tasse que nous vendons est tournée à la main dans un petit atelier.',
    },
    tags: ['home', 'makers'],
    category: 'Makers',
  },
  {
    en: {
      title: 'A desk that works for you',
      excerpt: 'Small changes for a calmer workspace.',
      lead: 'A tidy desk is less about minimalism than about reach.',
    },
    fr: {
      title: 'Un bureau qui travaille pour vous',
      excerpt: 'De petits changements pour un espace plus calme.',
      lead: 'Un bureau rangé tient moins du minimalisme que de la portée de main.',
    },
    tags: ['stationery', 'home'],
    category: 'Style notes',
  },
  {
    en: {
      title: 'Why we choose organic cotton',
      excerpt: 'What the label means, and what it does not.',
      lead: 'Organic cotton uses less water and no synthetic pesticides.',
    },
    fr: {
      title: 'Pourquoi nous choisissons le coton bio',
      excerpt: 'Ce que dit l’étiquette, et ce qu’elle ne dit pas.',
      lead: 'Le coton bio consomme moins d’eau et aucun pesticide de synthèse.',
    },
    tags: ['materials', 'apparel'],
    category: 'Materials',
  },
  {
    en: { title: 'Packing light for a weekend', excerpt: 'Everything in one bag.', lead: 'Three tops, two bottoms and one jacket go a long way.' },
    fr: { title: 'Voyager léger le temps d’un week-end', excerpt: 'Tout dans un seul sac.', lead: 'Trois hauts, deux bas et une veste suffisent largement.' },
    tags: ['style', 'travel'],
    category: 'Style notes',
  },
  {
    en: { title: 'Leather that lasts', excerpt: 'Condition twice a year, store stuffed.', lead: 'Good leather outlives its owner when it is fed and rested.' },
    fr: {
      title: 'Un cuir qui dure',
      excerpt: 'Nourrissez-le deux fois par an, rangez-le rembourré.',
      lead: 'Un bon cuir survit à son propriétaire s’il est nourri et reposé.',
    },
    tags: ['care', 'accessories'],
    category: 'Care guides',
  },
  {
    en: {
      title: 'The notebook we never stopped using',
      excerpt: 'Dot grid, lay-flat, 120 gsm.',
      lead: 'We tried dozens of notebooks before settling on this one.',
    },
    fr: {
      title: 'Le carnet que nous n’avons jamais quitté',
      excerpt: 'Pointillés, reliure à plat, 120 g.',
      lead: 'Nous avons essayé des dizaines de carnets avant de choisir celui-ci.',
    },
    tags: ['stationery', 'makers'],
    category: 'Makers',
  },
  {
    en: { title: 'Layering for autumn', excerpt: 'Warm without the bulk.', lead: 'Thin layers trap more warmth than one thick jumper.' },
    fr: { title: 'Superposer pour l’automne', excerpt: 'Au chaud sans l’épaisseur.', lead: 'De fines couches retiennent mieux la chaleur qu’un gros pull.' },
    tags: ['style', 'apparel'],
    category: 'Style notes',
  },
  {
    en: { title: 'A guide to wool', excerpt: 'Merino, lambswool and alpaca compared.', lead: 'Not all wool itches: fibre diameter is what matters.' },
    fr: {
      title: 'Petit guide de la laine',
      excerpt: 'Mérinos, agneau et alpaga comparés.',
      lead: 'Toute laine ne gratte pas : c’est le diamètre de la fibre qui compte.',
    },
    tags: ['materials', 'care'],
    category: 'Materials',
  },
  {
    en: { title: 'Setting a simple table', excerpt: 'Plates, linen and one candle.', lead: 'A simple table makes any meal feel like an occasion.' },
    fr: { title: 'Dresser une table simple', excerpt: 'Des assiettes, du lin et une bougie.', lead: 'Une table simple donne à chaque repas un air de fête.' },
    tags: ['home', 'linen'],
    category: 'Style notes',
  },
  {
    en: { title: 'Repair, don’t replace', excerpt: 'Our free repair service, explained.', lead: 'Send us anything you bought here and we will mend it.' },
    fr: {
      title: 'Réparer plutôt que remplacer',
      excerpt: 'Notre service de réparation gratuit, expliqué.',
      lead: 'Envoyez-nous tout article acheté ici et nous le réparerons.',
    },
    tags: ['care', 'makers'],
    category: 'Care guides',
  },
];

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
